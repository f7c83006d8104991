"use client";

import { signOut } from "next-auth/react";
import { networkFailureToast, resultToast } from "@/components/form";
import { toast } from "@/components/ui/toaster";
import { signOutEverywhereAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
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
  const result = await signOutEverywhereAction({}).catch(() => null);
  if (!result) return networkFailureToast(AUTH_MESSAGES.signOutError);
  if (!result.ok) return resultToast(result);
  await signOutWithToast({ title: "Sessões encerradas", description: "Você saiu de todos os dispositivos.", variant: "success" });
}
