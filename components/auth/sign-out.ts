"use client";

import { signOut } from "next-auth/react";
import { toast } from "@/components/ui/toaster";
import { signOutEverywhereAction } from "@/lib/auth/actions";
import { setFlash, type Flash } from "./flash";

/**
 * 'Sair' everywhere (shell, admin area, /auth): ends the session, then opens /auth, where the toast
 * 'Logout realizado' / 'Você foi desconectado com sucesso.' shows after the page load.
 */
export async function signOutWithToast(
  flash: Flash = { title: "Logout realizado", description: "Você foi desconectado com sucesso.", variant: "success" },
): Promise<void> {
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
  setFlash(flash);
  // A full page load on purpose: every client cache of the old session goes away.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/auth");
}

/** 'Sair de todos os dispositivos': ends every session of the account on the server, then this one. */
export async function signOutEverywhere(): Promise<void> {
  let result: Awaited<ReturnType<typeof signOutEverywhereAction>>;
  try {
    result = await signOutEverywhereAction();
  } catch (e) {
    console.error(e);
    result = { ok: false, error: "Ocorreu um erro inesperado." };
  }
  if (!result.ok) {
    toast({ title: "Erro ao sair", description: result.error, variant: "destructive" });
    return;
  }
  await signOutWithToast({ title: "Sessões encerradas", description: "Você saiu de todos os dispositivos.", variant: "success" });
}
