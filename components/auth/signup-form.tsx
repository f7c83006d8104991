"use client";

import { Form, TextField } from "@/components/form";
import { signUpAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { BackAndSubmit, useAuthForm } from "./auth-form";

/** 'Criar conta': Nome completo, Email, Senha, Confirmar senha, Voltar, the terms note. */
export function SignUpForm({ onBack, onDone }: { onBack: () => void; onDone: (email: string) => void }) {
  const { form, onSubmit, pending } = useAuthForm({
    schema: () => import("@/lib/auth/schemas").then((m) => m.signUpSchema),
    defaultValues: { fullName: "", email: "", password: "", confirmPassword: "" },
    action: signUpAction,
    success: (result) =>
      result.emailSent
        ? { title: "Cadastro realizado com sucesso!", description: "Enviamos um e-mail de confirmação. Verifique sua caixa de entrada e também a pasta de spam." }
        : { title: "Cadastro realizado!", description: "Sua conta foi criada, mas não foi possível enviar o email de confirmação.", variant: "default" },
    error: AUTH_MESSAGES.signUpError,
    onSuccess: (_result, values) => onDone(values.email.trim().toLowerCase()),
  });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Criar conta</h1>
        <p className="text-sm text-muted-foreground">Cadastre-se e comece a organizar a agenda do seu negócio.</p>
      </div>
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField name="fullName" id="fullName" label="Nome completo" autoComplete="name" placeholder="Seu nome" />
        <TextField name="email" id="signup-email" label="Email" type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" />
        <TextField name="password" id="signup-password" label="Senha" password autoComplete="new-password" placeholder="Mínimo de 6 caracteres" />
        <TextField name="confirmPassword" id="confirmPassword" label="Confirmar senha" password autoComplete="new-password" placeholder="Repita a senha" />
        <BackAndSubmit onBack={onBack} pending={pending}>
          Criar conta
        </BackAndSubmit>
        <p className="text-center text-xs leading-relaxed text-muted-foreground">
          Ao criar uma conta, você concorda com nossos Termos de Uso e com a Política de Privacidade.
        </p>
      </Form>
    </div>
  );
}
