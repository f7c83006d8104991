"use client";

import { MailCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Form, SubmitButton, TextField } from "@/components/form";
import { Card, CardContent } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { confirmEmailAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES, INVALID_CONFIRMATION_MESSAGE, INVALID_LINK, PASSWORD_REQUIRED } from "@/lib/auth/messages";
import type { ConfirmationLink } from "@/lib/auth/mutations";
import { useAuthForm } from "./auth-form";
import { useInvalidLink } from "./use-invalid-link";

/**
 * 'Confirmar e-mail': one button when this browser asked for the link (the password chosen here
 * stays); from any other browser, the mailbox owner chooses the password first, since whoever typed
 * the address at sign-up may not be them.
 */
export function ConfirmEmailScreen({ token, link }: { token: string; link: ConfirmationLink | null }) {
  const router = useRouter();
  // The server may find this browser is not the one that asked (its cookie expired meanwhile).
  const [askPassword, setAskPassword] = useState(!link?.sameBrowser);
  const invalidLink = useInvalidLink(!!link, INVALID_CONFIRMATION_MESSAGE);

  const { form, onSubmit, pending } = useAuthForm({
    schema: () => import("@/lib/auth/schemas").then((m) => m.confirmEmailSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
    action: confirmEmailAction,
    onFailure: (failure) => {
      if (failure.code === INVALID_LINK) {
        invalidLink();
        return true;
      }
      if (failure.code === PASSWORD_REQUIRED) setAskPassword(true);
    },
    onSuccess: (result) => {
      if (result.signedIn) {
        toast({ title: AUTH_MESSAGES.emailConfirmed, description: "Seu e-mail foi confirmado.", variant: "success" });
        router.replace("/");
      } else {
        // /auth says it (?verified=1) and asks for the login.
        router.replace("/auth?verified=1");
      }
    },
    error: AUTH_MESSAGES.confirmError,
  });

  if (!link) return <PageSpinner />;

  return (
    <Card>
      <CardContent className="p-6 pt-6 sm:p-8 sm:pt-8">
        <div className="flex flex-col gap-5">
          <div className="flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <MailCheck aria-hidden className="size-6" />
            </span>
            <h1 className="text-2xl font-semibold tracking-tight">Confirmar e-mail</h1>
            <p className="text-sm text-muted-foreground break-words">
              {askPassword
                ? `Para confirmar ${link.email}, escolha a senha da conta. Por segurança, as sessões abertas antes desta confirmação serão encerradas.`
                : `Confirme que ${link.email} é o seu e-mail para concluir o cadastro.`}
            </p>
          </div>
          <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
            {askPassword ? (
              <>
                <TextField name="password" id="password" label="Senha" password autoComplete="new-password" placeholder="Mínimo de 6 caracteres" />
                <TextField name="confirmPassword" id="confirmPassword" label="Confirmar senha" password autoComplete="new-password" placeholder="Repita a senha" />
              </>
            ) : null}
            <SubmitButton pending={pending} className="w-full">
              Confirmar e-mail
            </SubmitButton>
          </Form>
        </div>
      </CardContent>
    </Card>
  );
}
