"use client";

import { signOut } from "next-auth/react";
import { toast } from "@/components/ui/toaster";
import { setFlash } from "./flash";

/**
 * 'Sair' everywhere (shell, admin area, /auth): ends the session, then opens /auth, where the toast
 * 'Logout realizado' / 'Você foi desconectado com sucesso.' shows after the page load.
 */
export async function signOutWithToast(): Promise<void> {
  try {
    await signOut({ redirect: false });
  } catch (e) {
    console.error(e);
    toast({ title: "Erro no logout", description: "Ocorreu um erro inesperado.", variant: "destructive" });
    return;
  }
  try {
    window.localStorage.removeItem("currentBusinessId");
  } catch {}
  setFlash({ title: "Logout realizado", description: "Você foi desconectado com sucesso.", variant: "success" });
  // A full page load on purpose: every client cache of the old session goes away.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/auth");
}
