"use client";

import { CheckCircle2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PasswordInput } from "@/components/ui/password-input";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { resetPasswordAction } from "@/lib/auth/actions";
import { INVALID_RESET_MESSAGE } from "@/lib/auth/messages";
import { resetPasswordSchema } from "@/lib/auth/schemas";
import { FormField } from "./form-field";
import { passwordsMatch, useZodForm } from "./use-zod-form";

const REDIRECT_MS = 3000;

/** The target of the e-mailed link (/reset-password and /auth/reset-password). */
export function ResetPasswordScreen({ token, valid }: { token: string; valid: boolean }) {
  const router = useRouter();
  const form = useZodForm(resetPasswordSchema, { token, password: "", confirmPassword: "" }, passwordsMatch);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const warned = useRef(false);

  function invalidLink() {
    if (warned.current) return;
    warned.current = true;
    toast({ title: "Link inválido", description: INVALID_RESET_MESSAGE, variant: "destructive" });
    router.replace("/auth");
  }

  useEffect(() => {
    if (!valid) invalidLink();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid]);

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => router.replace("/auth"), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [done, router]);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || done) return;
    if (!form.touchAll()) return;
    setPending(true);
    try {
      const res = await resetPasswordAction(form.values);
      if (!res.ok) {
        if (res.error === INVALID_RESET_MESSAGE) invalidLink();
        else toast({ title: "Erro ao redefinir senha", description: res.error, variant: "destructive" });
        return;
      }
      toast({ title: "Senha redefinida com sucesso!", description: "Você será redirecionado para o login.", variant: "success" });
      setDone(true);
    } catch (err) {
      console.error(err);
      toast({ title: "Erro", description: "Ocorreu um erro inesperado. Tente novamente.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  if (!valid) return <PageSpinner />;

  return (
    <Card className="shadow-lg">
      <CardContent className="p-6 pt-6 sm:p-8 sm:pt-8">
        {done ? (
          <div className="flex flex-col items-center gap-4 text-center" role="status">
            <span className="flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
              <CheckCircle2 aria-hidden className="size-6" />
            </span>
            <h1 className="text-2xl font-semibold tracking-tight">Senha redefinida com sucesso!</h1>
            <p className="text-sm text-muted-foreground">Você será redirecionado para o login em 3 segundos.</p>
            <Button className="w-full" onClick={() => router.replace("/auth")}>
              Ir para o login
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-5">
            <div className="flex flex-col gap-1.5 text-center">
              <h1 className="text-2xl font-semibold tracking-tight">Redefinir senha</h1>
              <p className="text-sm text-muted-foreground">Escolha uma nova senha para sua conta.</p>
            </div>
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <FormField id="password" label="Nova senha" error={form.errorOf("password")}>
                <PasswordInput id="password" autoComplete="new-password" placeholder="Mínimo de 6 caracteres" disabled={pending} {...form.field("password")} />
              </FormField>
              <FormField id="confirmPassword" label="Confirmar nova senha" error={form.errorOf("confirmPassword")}>
                <PasswordInput id="confirmPassword" autoComplete="new-password" placeholder="Repita a nova senha" disabled={pending} {...form.field("confirmPassword")} />
              </FormField>
              <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
                {pending ? <Spinner /> : null}
                Redefinir senha
              </Button>
            </form>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
