"use client";

import { CheckCircle2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Form, SubmitButton, TextField } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { resetPasswordAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES, INVALID_LINK, INVALID_RESET_MESSAGE } from "@/lib/auth/messages";
import { useAuthForm } from "./auth-form";
import { useInvalidLink } from "./use-invalid-link";

const REDIRECT_MS = 3000;

/** The target of the e-mailed link (/reset-password and /auth/reset-password). */
export function ResetPasswordScreen({ token, valid }: { token: string; valid: boolean }) {
  const router = useRouter();
  const [done, setDone] = useState(false);
  const invalidLink = useInvalidLink(valid, INVALID_RESET_MESSAGE);

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => router.replace("/auth"), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [done, router]);

  const { form, onSubmit, pending } = useAuthForm({
    schema: () => import("@/lib/auth/schemas").then((m) => m.resetPasswordSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
    action: resetPasswordAction,
    // An invalid link is said once by invalidLink(), which leaves for /auth.
    onFailure: (failure) => {
      if (failure.code !== INVALID_LINK) return false;
      invalidLink();
      return true;
    },
    success: { title: "Senha redefinida com sucesso!", description: "Você será redirecionado para o login." },
    error: AUTH_MESSAGES.resetError,
    onSuccess: () => setDone(true),
  });

  if (!valid) return <PageSpinner />;

  return (
    <Card>
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
            <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
              <TextField name="password" id="password" label="Nova senha" password autoComplete="new-password" placeholder="Mínimo de 6 caracteres" />
              <TextField name="confirmPassword" id="confirmPassword" label="Confirmar nova senha" password autoComplete="new-password" placeholder="Repita a nova senha" />
              <SubmitButton pending={pending || done} className="w-full">
                Redefinir senha
              </SubmitButton>
            </Form>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
