"use client";

import { Form, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { signUpAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { signUpSchema } from "@/lib/auth/schemas";

/** 'Criar conta': Nome completo, Email, Senha, Confirmar senha, Voltar, the terms note. */
export function SignUpForm({ onBack, onDone }: { onBack: () => void; onDone: (email: string) => void }) {
  const { form, onSubmit, pending } = useActionForm({
    schema: signUpSchema,
    defaultValues: { fullName: "", email: "", password: "", confirmPassword: "" },
    mode: "onChange",
    action: signUpAction,
    success: (result) =>
      result.emailSent
        ? { title: "Cadastro realizado com sucesso!", description: "Enviamos um email de confirmação. Verifique sua caixa de entrada e também a pasta de spam." }
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
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" className="sm:flex-1" onClick={onBack} disabled={pending}>
            Voltar
          </Button>
          <SubmitButton pending={pending} className="sm:flex-1">
            Criar conta
          </SubmitButton>
        </div>
        <p className="text-center text-xs leading-relaxed text-muted-foreground">
          Ao criar uma conta, você concorda com nossos Termos de Uso e com a Política de Privacidade.
        </p>
      </Form>
    </div>
  );
}
