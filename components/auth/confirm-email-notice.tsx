"use client";

import { MailWarning } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { resendConfirmationAction } from "@/lib/auth/actions";
import { cn } from "@/lib/cn";

/**
 * 'Confirme seu email' for an account whose address is not proven yet (/auth signed-in panel and
 * the top of the app shell): what waits for the confirmation and a 'Reenviar email' button (the
 * server allows one a minute, a few a day).
 */
export function ConfirmEmailNotice({ email, className }: { email: string; className?: string }) {
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      const result = await resendConfirmationAction();
      if (result.ok) {
        toast({ title: "Email reenviado", description: "Verifique sua caixa de entrada e também a pasta de spam.", variant: "success" });
      } else {
        toast({ title: "Não foi possível reenviar", description: result.error, variant: "destructive" });
      }
    } catch {
      toast({ title: "Não foi possível reenviar", description: "Ocorreu um erro inesperado.", variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  return (
    <Alert className={cn("border-warning/50 bg-warning/5", className)} aria-labelledby="confirm-email-title">
      <MailWarning aria-hidden />
      <AlertTitle id="confirm-email-title">Confirme seu email</AlertTitle>
      <AlertDescription className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>
          Enviamos um link de confirmação para <strong className="break-all">{email}</strong>. Até confirmar, você usa apenas o seu
          próprio negócio: convites e acesso de administrador dependem do email confirmado.
        </p>
        <Button variant="outline" size="sm" className="shrink-0" onClick={resend} disabled={sending} aria-busy={sending}>
          {sending ? <Spinner /> : null}
          Reenviar email
        </Button>
      </AlertDescription>
    </Alert>
  );
}
