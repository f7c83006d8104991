"use client";

import { networkFailureToast, resultToast } from "@/components/form/action-toast";
import { toast } from "@/components/ui/toaster";
import { signOutAction, signOutEverywhereAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { setFlash, type Flash } from "./flash";

/**
 * next-auth's sign-out request (what `signOut()` of next-auth/react sends), without that module:
 * the shell would otherwise ship the whole client library for this one call. It clears the cookie.
 */
async function clearSession(): Promise<void> {
  const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await fetch("/api/auth/signout", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/auth", json: "true" }),
  });
  if (!res.ok) throw new Error(`Falha ao sair: ${res.status}`);
}

/**
 * 'Sair' everywhere (shell, admin area, /auth): ends the session on the server (signOutAction),
 * clears its cookie, then opens /auth, where the toast 'Logout realizado' / 'Você foi desconectado
 * com sucesso.' shows after the page load. When the server could not end the session the toast
 * says so and the person stays signed in, free to try again.
 */
export async function signOutWithToast(
  flash: Flash = { title: "Logout realizado", description: "Você foi desconectado com sucesso.", variant: "success" },
): Promise<void> {
  const ended = await signOutAction({}).catch(() => null);
  if (!ended) return networkFailureToast(AUTH_MESSAGES.logoutError);
  if (!ended.ok) return resultToast(ended);
  try {
    await clearSession();
  } catch (e) {
    console.error(e);
    toast({ title: AUTH_MESSAGES.logoutError, description: AUTH_MESSAGES.unexpected, variant: "destructive" });
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
