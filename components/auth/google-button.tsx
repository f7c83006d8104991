"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { cn } from "@/lib/cn";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.09a6.6 6.6 0 0 1 0-4.18V7.07H2.18a11 11 0 0 0 0 9.86l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.5 10.5 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z" />
    </svg>
  );
}

/**
 * 'Continuar com Google'. Returns to the page the user came from (an invitation link included, via
 * callbackUrl), else home (which routes by role and registration).
 * Without AUTH_GOOGLE_ID/SECRET it looks disabled and says it is not configured.
 */
export function GoogleButton({ enabled, callbackUrl }: { enabled: boolean; callbackUrl: string | null }) {
  const [pending, setPending] = useState(false);
  async function onClick() {
    if (!enabled) {
      toast({
        title: "Login com Google não configurado",
        description: "O administrador ainda não configurou o login com Google (AUTH_GOOGLE_ID e AUTH_GOOGLE_SECRET).",
        variant: "destructive",
      });
      return;
    }
    setPending(true);
    try {
      const target = callbackUrl ?? "/";
      // next-auth's client loads on the click, not with /auth.
      const { signIn } = await import("next-auth/react");
      await signIn("google", { callbackUrl: target });
    } catch (e) {
      console.error(e);
      setPending(false);
      toast({ title: "Erro no login com Google", description: "Ocorreu um erro inesperado.", variant: "destructive" });
    }
  }
  return (
    <Button
      type="button"
      variant="outline"
      className={cn("w-full", !enabled && "cursor-not-allowed opacity-60")}
      aria-disabled={!enabled || pending}
      title={enabled ? undefined : "Login com Google não configurado"}
      disabled={pending}
      onClick={onClick}
    >
      {pending ? <Spinner /> : <GoogleMark />}
      Continuar com Google
    </Button>
  );
}
