"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { afterLoginPathAction } from "@/lib/auth/actions";
import { loginSchema } from "@/lib/auth/schemas";
import { FormField } from "./form-field";
import { GoogleButton } from "./google-button";
import { useZodForm } from "./use-zod-form";

type Props = {
  initialEmail?: string;
  callbackUrl: string | null;
  googleEnabled: boolean;
  onForgot: (email: string) => void;
  onSignUp: () => void;
};

/** Login mode of /auth: e-mail, password, 'Entrar', Google, 'Esqueci minha senha', 'Cadastre-se'. */
export function LoginForm({ initialEmail = "", callbackUrl, googleEnabled, onForgot, onSignUp }: Props) {
  const router = useRouter();
  const form = useZodForm(loginSchema, { email: initialEmail, password: "" });
  const [pending, setPending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const redirected = useRef(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || redirected.current) return;
    if (!form.touchAll()) return;
    setPending(true);
    try {
      const res = await signIn("credentials", {
        email: form.values.email.trim(),
        password: form.values.password,
        redirect: false,
      });
      if (!res || res.error || !res.ok) {
        const reason = res?.error && res.error !== "CredentialsSignin" ? res.error : "Ocorreu um erro inesperado.";
        toast({ title: "Erro no login", description: reason, variant: "destructive" });
        setPending(false);
        return;
      }
      redirected.current = true;
      setLeaving(true);
      toast({ title: "Login realizado com sucesso!", description: "Bem-vindo de volta.", variant: "success" });
      const target = await afterLoginPathAction(callbackUrl);
      router.replace(target);
      router.refresh();
    } catch (err) {
      console.error(err);
      toast({ title: "Erro no login", description: "Ocorreu um erro inesperado.", variant: "destructive" });
      redirected.current = false;
      setLeaving(false);
      setPending(false);
    }
  }

  if (leaving) return <PageSpinner />;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Acesse sua conta</h1>
        <p className="text-sm text-muted-foreground">Gerencie os agendamentos do seu salão ou barbearia.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField id="email" label="Email" error={form.errorOf("email")}>
          <Input id="email" type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" disabled={pending} {...form.field("email")} />
        </FormField>
        <FormField id="password" label="Senha" error={form.errorOf("password")}>
          <PasswordInput id="password" autoComplete="current-password" placeholder="Sua senha" disabled={pending} {...form.field("password")} />
        </FormField>
        <div className="-mt-1 flex justify-end">
          <button
            type="button"
            className="rounded-sm text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => onForgot(form.values.email)}
          >
            Esqueci minha senha
          </button>
        </div>
        <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner /> : null}
          Entrar
        </Button>
      </form>
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
