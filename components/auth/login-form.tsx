"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Form, SubmitButton, TextField } from "@/components/form";
import { PageSpinner } from "@/components/ui/spinner";
import { fail } from "@/lib/core/actions/result";
import { afterLoginPathAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { GoogleButton } from "./google-button";
import { useAuthForm } from "./auth-form";

type Props = {
  initialEmail?: string;
  callbackUrl: string | null;
  googleEnabled: boolean;
  onForgot: (email: string) => void;
  onSignUp: () => void;
};

const LOGIN_ERROR = "Erro no login";

/** next-auth's credentials sign-in, answered in the one result shape; then where to go. */
async function signInWith(values: { email: string; password: string }, callbackUrl: string | null) {
  // next-auth's client (about 14 KB compressed) loads on the first sign-in, not with /auth.
  const { signIn } = await import("next-auth/react");
  const res = await signIn("credentials", { email: values.email.trim(), password: values.password, redirect: false });
  if (!res || res.error || !res.ok) {
    return fail(LOGIN_ERROR, res?.error && res.error !== "CredentialsSignin" ? res.error : AUTH_MESSAGES.unexpected);
  }
  return afterLoginPathAction({ callbackUrl });
}

/** Login mode of /auth: e-mail, password, 'Entrar', Google, 'Esqueci minha senha', 'Cadastre-se'. */
export function LoginForm({ initialEmail = "", callbackUrl, googleEnabled, onForgot, onSignUp }: Props) {
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const { form, onSubmit, pending } = useAuthForm({
    schema: () => import("@/lib/auth/schemas").then((m) => m.loginSchema),
    defaultValues: { email: initialEmail, password: "" },
    action: (values) => signInWith(values, callbackUrl),
    success: { title: "Login realizado com sucesso!", description: "Bem-vindo de volta." },
    error: LOGIN_ERROR,
    onSuccess: ({ path }) => {
      setLeaving(true);
      router.replace(path);
      router.refresh();
    },
  });

  if (leaving) return <PageSpinner />;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Acesse sua conta</h1>
        <p className="text-sm text-muted-foreground">Gerencie os agendamentos do seu salão ou barbearia.</p>
      </div>
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField name="email" id="email" label="E-mail" type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" />
        <TextField name="password" id="password" label="Senha" password autoComplete="current-password" placeholder="Sua senha" />
        <div className="-mt-1 flex justify-end">
          <button
            type="button"
            className="rounded-sm text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => onForgot(form.getValues("email"))}
          >
            Esqueci minha senha
          </button>
        </div>
        <SubmitButton pending={pending} className="w-full">
          Entrar
        </SubmitButton>
      </Form>
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        ou
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleButton enabled={googleEnabled} callbackUrl={callbackUrl} />
      <p className="text-center text-sm text-muted-foreground">
        Não tem uma conta?{" "}
        <button
          type="button"
          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={onSignUp}
        >
          Cadastre-se
        </button>
      </p>
    </div>
  );
}
