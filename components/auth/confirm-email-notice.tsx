"use client";

import { MailWarning } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { networkFailureToast, resultToast } from "@/components/form/action-toast";
import { resendConfirmationAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
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
    const result = await resendConfirmationAction({}).catch(() => null);
    if (!result) networkFailureToast(AUTH_MESSAGES.resendError);
    // The link was stored but its e-mail failed: say so rather than 'Email reenviado'.
    else if (result.ok && !result.sent) resultToast({ ok: false, error: AUTH_MESSAGES.resendError, description: AUTH_MESSAGES.mailFailed });
    else resultToast(result, { title: "Email reenviado", description: "Verifique sua caixa de entrada e também a pasta de spam." });
    setSending(false);
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
