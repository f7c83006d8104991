"use client";

import { Mail, Plus, X } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { EmptyState } from "@/components/data/empty-state";
import { Form, networkFailureToast, resultToast, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { addAdminEmailAction, removeAdminEmailAction } from "@/lib/admin/actions";
import { MESSAGES } from "@/lib/admin/messages";
import { fail, ok } from "@/lib/core/actions/result";

const schema = z.object({ email: z.string() });

/** The 'Emails de Admin' tab: who becomes saas_admin when they sign in. */
export function AdminEmails({ emails, loadError }: { emails: string[]; loadError: boolean }) {
  const [removing, setRemoving] = useState<string | null>(null);
  const { form, onSubmit, pending } = useActionForm({
    schema,
    defaultValues: { email: "" },
    mode: "onSubmit",
    action: async ({ email }) => {
      const typed = email.trim().toLowerCase();
      // The spec: an empty e-mail is ignored; one already listed is refused without asking the server.
      if (!typed) return ok({ added: false, email: typed });
      if (emails.includes(typed)) return fail(MESSAGES.duplicateAdminEmail);
      return addAdminEmailAction({ email: typed });
    },
    success: (result) => (result.added ? { title: MESSAGES.addAdminEmailSuccess, description: result.email } : undefined),
    error: MESSAGES.addAdminEmailError,
    onSuccess: (result) => result.added && form.reset({ email: "" }),
  });

  async function remove(email: string) {
    setRemoving(email);
    const result = await removeAdminEmailAction({ email }).catch(() => null);
    if (!result) networkFailureToast(MESSAGES.removeAdminEmailError);
    else resultToast(result, { title: MESSAGES.removeAdminEmailSuccess, description: email });
    setRemoving(null);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Emails de Admin</CardTitle>
        <CardDescription>Quem entrar com um destes e-mails recebe o acesso de Admin SaaS.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <TextField name="email" id="admin-email" label="Novo e-mail de admin" type="email" autoComplete="off" placeholder="admin@exemplo.com.br" />
          </div>
          <SubmitButton pending={pending}>
            {pending ? null : <Plus aria-hidden />}
            Adicionar
          </SubmitButton>
        </Form>
        {loadError ? (
          <EmptyState icon={Mail} title="Erro ao carregar emails de admin" />
        ) : emails.length === 0 ? (
          <EmptyState icon={Mail} title="Nenhum e-mail de admin cadastrado." />
        ) : (
          <ul aria-label="E-mails de admin" className="divide-y rounded-md border">
            {emails.map((email) => (
              <li key={email} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 truncate">{email}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remover ${email}`}
                  disabled={removing === email}
                  onClick={() => void remove(email)}
                  className="text-destructive hover:text-destructive"
                >
                  {removing === email ? <Spinner /> : <X aria-hidden />}
                  <span className="sr-only sm:not-sr-only">Remover</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
