"use client";

import { useState } from "react";
import { networkFailureToast, resultToast } from "@/components/form/action-toast";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { resendConfirmationAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES } from "@/lib/auth/messages";

/** 'Reenviar e-mail' of the 'Confirme seu e-mail' notice (the server allows one a minute, a few a day). */
export function ResendConfirmationButton() {
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    const result = await resendConfirmationAction({}).catch(() => null);
    if (!result) networkFailureToast(AUTH_MESSAGES.resendError);
    // The link was stored but its e-mail failed: say so rather than 'E-mail reenviado'.
    else if (result.ok && !result.sent) resultToast({ ok: false, error: AUTH_MESSAGES.resendError, description: AUTH_MESSAGES.mailFailed });
    else resultToast(result, { title: "E-mail reenviado", description: "Verifique sua caixa de entrada e também a pasta de spam." });
    setSending(false);
  }

  return (
    // A plain button: this one sits in the shell of every page (see buttonClass).
    <button type="button" className={buttonClass({ variant: "outline", size: "sm", className: "shrink-0" })} onClick={resend} disabled={sending} aria-busy={sending}>
      {sending ? <Spinner /> : null}
      Reenviar e-mail
    </button>
  );
}
