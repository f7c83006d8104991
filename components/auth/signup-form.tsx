"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { signUpAction } from "@/lib/auth/actions";
import { signUpSchema } from "@/lib/auth/schemas";
import { FormField } from "./form-field";
import { passwordsMatch, useZodForm } from "./use-zod-form";

/** 'Criar conta': Nome completo, Email, Senha, Confirmar senha, Voltar, the terms note. */
export function SignUpForm({ onBack, onDone }: { onBack: () => void; onDone: (email: string) => void }) {
  const form = useZodForm(signUpSchema, { fullName: "", email: "", password: "", confirmPassword: "" }, passwordsMatch);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    if (!form.touchAll()) return;
    setPending(true);
    try {
      const res = await signUpAction(form.values);
      if (!res.ok) {
        toast({ title: "Erro no cadastro", description: res.error, variant: "destructive" });
        return;
      }
      if (res.emailSent) {
        toast({
          title: "Cadastro realizado com sucesso!",
          description: "Enviamos um email de confirmação. Verifique sua caixa de entrada e também a pasta de spam.",
          variant: "success",
        });
      } else {
        toast({ title: "Cadastro realizado!", description: "Sua conta foi criada, mas não foi possível enviar o email de confirmação." });
      }
      onDone(form.values.email.trim().toLowerCase());
    } catch (err) {
      console.error(err);
      toast({ title: "Erro no cadastro", description: "Ocorreu um erro inesperado.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Criar conta</h1>
        <p className="text-sm text-muted-foreground">Cadastre-se e comece a organizar a agenda do seu negócio.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField id="fullName" label="Nome completo" error={form.errorOf("fullName")}>
          <Input id="fullName" autoComplete="name" placeholder="Seu nome" disabled={pending} {...form.field("fullName")} />
        </FormField>
        <FormField id="signup-email" label="Email" error={form.errorOf("email")}>
          <Input id="signup-email" type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" disabled={pending} {...form.field("email")} aria-describedby={form.errorOf("email") ? "signup-email-error" : undefined} />
        </FormField>
        <FormField id="signup-password" label="Senha" error={form.errorOf("password")}>
          <PasswordInput id="signup-password" autoComplete="new-password" placeholder="Mínimo de 6 caracteres" disabled={pending} {...form.field("password")} aria-describedby={form.errorOf("password") ? "signup-password-error" : undefined} />
        </FormField>
        <FormField id="confirmPassword" label="Confirmar senha" error={form.errorOf("confirmPassword")}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" placeholder="Repita a senha" disabled={pending} {...form.field("confirmPassword")} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" className="sm:flex-1" onClick={onBack} disabled={pending}>
            Voltar
          </Button>
          <Button type="submit" className="sm:flex-1" disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : null}
            Criar conta
          </Button>
        </div>
        <p className="text-center text-xs leading-relaxed text-muted-foreground">
          Ao criar uma conta, você concorda com nossos Termos de Uso e com a Política de Privacidade.
        </p>
      </form>
    </div>
  );
}
