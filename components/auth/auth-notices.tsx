"use client";

import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/toaster";
import { takeFlash } from "./flash";

const OAUTH_ERRORS: Record<string, string> = {
  AccessDenied: "Acesso negado.",
  OAuthAccountNotLinked: "Este e-mail já está vinculado a outra forma de login.",
  // lib/auth/options.ts GOOGLE_EMAIL_UNVERIFIED
  EmailNaoVerificado: "O Google não confirmou que este e-mail é seu. Verifique o e-mail na sua conta Google e tente de novo.",
};

/**
 * Toasts that arrive with the page: the sign-out flash, the e-mail confirmation result
 * (?verified=1|0) and next-auth's ?error= after a failed Google round trip.
 */
export function AuthNotices({ verified, error }: { verified?: string; error?: string }) {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    const flash = takeFlash();
    if (flash) toast(flash);
    if (verified === "1") {
      toast({ title: "E-mail confirmado!", description: "Seu e-mail foi confirmado. Faça login para continuar.", variant: "success" });
    } else if (verified === "0") {
      toast({ title: "Link inválido", description: "Este link de confirmação é inválido ou expirou.", variant: "destructive" });
    }
    if (error) {
      const google = error.startsWith("OAuth") || error === "Callback" || error === "AccessDenied" || error === "EmailNaoVerificado";
      toast({
        title: google ? "Erro no login com Google" : "Erro no login",
        description: OAUTH_ERRORS[error] ?? "Ocorreu um erro inesperado.",
        variant: "destructive",
      });
    }
    if (verified || error) {
      const url = new URL(window.location.href);
      url.searchParams.delete("verified");
      url.searchParams.delete("error");
      window.history.replaceState(window.history.state, "", url.pathname + url.search);
    }
  }, [verified, error]);
  return null;
}
