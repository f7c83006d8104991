"use client";

import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { forgotPasswordAction } from "@/lib/auth/actions";
import { forgotPasswordSchema } from "@/lib/auth/schemas";
import { FormField } from "./form-field";
import { useZodForm } from "./use-zod-form";

/** 'Esqueci a senha': Email, Voltar, 'Enviar email'; then 'Email enviado!' and 'Voltar ao login'. */
export function ForgotPasswordForm({ initialEmail = "", onBack }: { initialEmail?: string; onBack: () => void }) {
  const form = useZodForm(forgotPasswordSchema, { email: initialEmail });
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    if (!form.touchAll()) return;
    setPending(true);
    try {
      const res = await forgotPasswordAction({ email: form.values.email });
      if (!res.ok) {
        toast({ title: "Erro ao enviar email", description: res.error, variant: "destructive" });
        return;
      }
      toast({ title: "Email enviado!", description: "Verifique sua caixa de entrada para redefinir sua senha.", variant: "success" });
      setSentTo(form.values.email.trim());
    } catch (err) {
      console.error(err);
      toast({ title: "Erro ao enviar email", description: "Ocorreu um erro inesperado.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

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
        <p className="text-sm text-muted-foreground">Informe seu email e enviaremos um link para redefinir sua senha.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField id="forgot-email" label="Email" error={form.errorOf("email")}>
          <Input id="forgot-email" type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" disabled={pending} {...form.field("email")} aria-describedby={form.errorOf("email") ? "forgot-email-error" : undefined} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" className="sm:flex-1" onClick={onBack} disabled={pending}>
            Voltar
          </Button>
          <Button type="submit" className="sm:flex-1" disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : null}
            Enviar email
          </Button>
        </div>
      </form>
    </div>
  );
}
