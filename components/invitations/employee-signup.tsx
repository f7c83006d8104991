"use client";

import { CircleCheck, CircleX, MailCheck, PartyPopper, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Form, SubmitButton, TextField } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { employeeSignupAction } from "@/lib/invitations/actions";
import { invitationPath } from "@/lib/invitations/link";
import { INVITE_ERRORS, signupChecklist } from "@/lib/invitations/messages";
import { useAuthForm } from "@/components/auth/auth-form";

export type SignupInvite = { email: string; businessName: string };

/**
 * Employee sign-up through an invitation link (/auth?invite=…), for a visitor who is not signed in.
 * `invite` is the usable invitation the page found (null: not found, used or expired).
 */
export function EmployeeSignup({ invitationId, secret, invite }: { invitationId: string; secret: string | null; invite: SignupInvite | null }) {
  // null until the account exists; then whether the address came out confirmed (the link's secret).
  const [done, setDone] = useState<{ confirmed: boolean } | null>(null);
  const loginHref = `/auth?callbackUrl=${encodeURIComponent(invitationPath(invitationId, secret))}`;

  if (!invite) {
    return (
      <OutcomeCard icon={<TriangleAlert aria-hidden className="size-10 text-destructive" />} title={INVITE_ERRORS.acceptTitle} description={INVITE_ERRORS.acceptDescription}>
        <Button asChild variant="outline">
          <Link href="/auth">Voltar ao login</Link>
        </Button>
      </OutcomeCard>
    );
  }
  if (done) {
    const login = (
      <Button asChild className="w-full">
        <Link href="/auth">Fazer login</Link>
      </Button>
    );
    return done.confirmed ? (
      <OutcomeCard
        icon={<PartyPopper aria-hidden className="size-10 text-primary" />}
        title="Bem-vindo à equipe!"
        description={`Sua conta foi criada e você já faz parte da equipe de ${invite.businessName}. Entre com ${invite.email} para começar.`}
      >
        {login}
      </OutcomeCard>
    ) : (
      <OutcomeCard
        icon={<MailCheck aria-hidden className="size-10 text-primary" />}
        title={INVITE_ERRORS.unconfirmedTitle}
        description={INVITE_ERRORS.unconfirmed(invite.email, invite.businessName)}
      >
        {login}
      </OutcomeCard>
    );
  }
  return <SignupForm invitationId={invitationId} secret={secret} invite={invite} loginHref={loginHref} onDone={setDone} />;
}

type SignupFormProps = {
  invitationId: string;
  secret: string | null;
  invite: SignupInvite;
  loginHref: string;
  onDone: (outcome: { confirmed: boolean }) => void;
};

/** Where the link ends: an icon, what happened, and the one way on. */
function OutcomeCard({ icon, title, description, children }: { icon: React.ReactNode; title: string; description: string; children: React.ReactNode }) {
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        {icon}
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">{children}</CardFooter>
    </Card>
  );
}

function SignupForm({ invitationId, secret, invite, loginHref, onDone }: SignupFormProps) {
  const router = useRouter();
  const [accountExists, setAccountExists] = useState(false);
  const { form, onSubmit, pending } = useAuthForm({
    schema: () => import("@/lib/invitations/schemas").then((m) => m.employeeSignupSchema),
    defaultValues: { fullName: "", password: "", confirmPassword: "" },
    action: (values) => employeeSignupAction({ ...values, invitationId, key: secret ?? undefined }),
    success: (result) =>
      result.confirmed
        ? { title: "Cadastro realizado com sucesso!", description: `Bem-vindo à equipe de ${result.businessName}!` }
        : { title: "Conta criada", description: INVITE_ERRORS.unconfirmedTitle },
    error: INVITE_ERRORS.signupTitle,
    onFailure: (failure) => void setAccountExists(failure.code === "account-exists"),
    onSuccess: (result) => onDone({ confirmed: result.confirmed }),
  });
  const values = form.watch();
  const checklist = signupChecklist(values);
  // isValid: the schema's verdict on every change (mode onChange), once it has loaded.
  const ready = checklist.every((c) => c.ok) && form.formState.isValid;

  return (
    <Card className="w-full max-w-md">
      <Form form={form} onSubmit={onSubmit} className="block">
        <CardHeader>
          <CardTitle>Criar conta</CardTitle>
          <CardDescription>
            Você foi convidado para a equipe de <strong className="text-foreground">{invite.businessName}</strong>. Crie sua conta para
            aceitar o convite.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="signup-email">E-mail</Label>
            <Input id="signup-email" type="email" value={invite.email} readOnly aria-readonly className="bg-muted" />
          </div>
          <TextField name="fullName" id="signup-fullName" label="Nome completo" autoComplete="name" autoFocus />
          <TextField name="password" id="signup-password" label="Senha" password autoComplete="new-password" />
          <TextField name="confirmPassword" id="signup-confirmPassword" label="Confirmar senha" password autoComplete="new-password" />
          <ul aria-label="Requisitos" className="grid gap-1.5 rounded-md border bg-muted/40 p-3 text-sm">
            {checklist.map((item) => (
              <li key={item.key} data-ok={item.ok} className={cn("flex items-center gap-2", item.ok ? "text-success" : "text-muted-foreground")}>
                {item.ok ? <CircleCheck aria-hidden className="size-4" /> : <CircleX aria-hidden className="size-4" />}
                <span>{item.label}</span>
                <span className="sr-only">{item.ok ? "(atendido)" : "(pendente)"}</span>
              </li>
            ))}
          </ul>
          {accountExists && (
            <p role="status" className="text-sm text-muted-foreground">
              Este e-mail já tem uma conta: use o link abaixo para entrar.
            </p>
          )}
        </CardContent>
        <CardFooter className="flex-col gap-3">
          <div className="flex w-full flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" className="flex-1" onClick={() => router.push("/auth")} disabled={pending}>
              Cancelar
            </Button>
            <SubmitButton pending={pending} className="flex-1" disabled={!ready}>
              Criar conta
            </SubmitButton>
          </div>
          <p className="text-center text-sm text-muted-foreground">
            Já tem uma conta?{" "}
            <Link href={loginHref} className="font-medium text-primary underline-offset-4 hover:underline">
              Entrar para aceitar o convite
            </Link>
          </p>
        </CardFooter>
      </Form>
    </Card>
  );
}
