"use client";

import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Form, TextField } from "@/components/form";
import { Button } from "@/components/ui/button";
import { forgotPasswordAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { BackAndSubmit, useAuthForm } from "./auth-form";

/** 'Esqueci a senha': Email, Voltar, 'Enviar email'; then 'Email enviado!' and 'Voltar ao login'. */
export function ForgotPasswordForm({ initialEmail = "", onBack }: { initialEmail?: string; onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, onSubmit, pending } = useAuthForm({
    schema: () => import("@/lib/auth/schemas").then((m) => m.forgotPasswordSchema),
    defaultValues: { email: initialEmail },
    action: forgotPasswordAction,
    success: { title: "Email enviado!", description: "Verifique sua caixa de entrada para redefinir sua senha." },
    error: AUTH_MESSAGES.forgotError,
    onSuccess: (_result, values) => setSentTo(values.email.trim()),
  });

  if (sentTo) {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck aria-hidden className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Email enviado!</h1>
        <p className="text-sm text-muted-foreground">
          Se houver uma conta para <strong className="break-words text-foreground">{sentTo}</strong>, você receberá um link para
          redefinir sua senha. O link expira em 1 hora. Verifique também a pasta de spam.
        </p>
        <Button className="w-full" onClick={onBack}>
          Voltar ao login
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Esqueci a senha</h1>
        <p className="text-sm text-muted-foreground">Informe seu e-mail e enviaremos um link para redefinir sua senha.</p>
      </div>
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField name="email" id="forgot-email" label="Email" type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" />
        <BackAndSubmit onBack={onBack} pending={pending}>
          Enviar email
        </BackAndSubmit>
      </Form>
    </div>
  );
}
