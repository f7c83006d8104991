"use client";

import { CircleCheck, CircleX, PartyPopper, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { cn } from "@/lib/cn";
import { employeeSignupAction, loadInvitationAction } from "@/lib/invitations/actions";
import { INVITE_ERRORS, signupChecklist, signupErrors, type EmployeeSignupInput } from "@/lib/invitations/schemas";

type Invite = { email: string; businessName: string };
type Phase = { kind: "loading" } | { kind: "invalid" } | { kind: "form"; invite: Invite } | { kind: "done"; invite: Invite };

/** Employee sign-up through an invitation link (/auth?invite=…), for a visitor who is not signed in. */
export function EmployeeSignup({ invitationId }: { invitationId: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    loadInvitationAction(invitationId)
      .then((r) => live && setPhase(r.ok ? { kind: "form", invite: { email: r.email, businessName: r.businessName } } : { kind: "invalid" }))
      .catch(() => live && setPhase({ kind: "invalid" }));
    return () => {
      live = false;
    };
  }, [invitationId]);

  const loginHref = `/auth?callbackUrl=${encodeURIComponent(`/auth?invite=${invitationId}`)}`;

  if (phase.kind === "loading") return <PageSpinner />;
  if (phase.kind === "invalid") {
    return (
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <TriangleAlert aria-hidden className="size-10 text-destructive" />
          <CardTitle>{INVITE_ERRORS.acceptTitle}</CardTitle>
          <CardDescription>{INVITE_ERRORS.acceptDescription}</CardDescription>
        </CardHeader>
        <CardFooter className="justify-center">
          <Button asChild variant="outline">
            <Link href="/auth">Voltar ao login</Link>
          </Button>
        </CardFooter>
      </Card>
    );
  }
  if (phase.kind === "done") {
    return (
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <PartyPopper aria-hidden className="size-10 text-primary" />
          <CardTitle>Bem-vindo à equipe!</CardTitle>
          <CardDescription>
            Sua conta foi criada e você já faz parte da equipe de {phase.invite.businessName}. Entre com {phase.invite.email} para
            começar.
          </CardDescription>
        </CardHeader>
        <CardFooter className="justify-center">
          <Button asChild className="w-full">
            <Link href="/auth">Fazer login</Link>
          </Button>
        </CardFooter>
      </Card>
    );
  }
  return <SignupForm invitationId={invitationId} invite={phase.invite} loginHref={loginHref} onDone={() => setPhase({ kind: "done", invite: phase.invite })} />;
}

function SignupForm({
  invitationId,
  invite,
  loginHref,
  onDone,
}: {
  invitationId: string;
  invite: Invite;
  loginHref: string;
  onDone: () => void;
}) {
  const router = useRouter();
  const [values, setValues] = useState<EmployeeSignupInput>({ fullName: "", password: "", confirmPassword: "" });
  const [touched, setTouched] = useState<Partial<Record<keyof EmployeeSignupInput, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const [accountExists, setAccountExists] = useState(false);
  const checklist = signupChecklist(values);
  const errors = signupErrors(values);
  const ready = checklist.every((c) => c.ok) && Object.keys(errors).length === 0;

  const bind = (key: keyof EmployeeSignupInput) => ({
    id: `signup-${key}`,
    name: key,
    value: values[key],
    disabled: saving,
    "aria-invalid": touched[key] && !!errors[key],
    "aria-describedby": touched[key] && errors[key] ? `signup-${key}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [key]: e.target.value }));
      setTouched((t) => ({ ...t, [key]: true }));
    },
  });

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setTouched({ fullName: true, password: true, confirmPassword: true });
    if (!ready) return;
    setSaving(true);
    try {
      const result = await employeeSignupAction(invitationId, values);
      if (!result.ok) {
        setAccountExists(!!result.accountExists);
        toast({ title: result.title, description: result.error, variant: "destructive" });
        return;
      }
      toast({ title: "Cadastro realizado com sucesso!", description: `Bem-vindo à equipe de ${result.businessName}!`, variant: "success" });
      onDone();
    } catch {
      toast({ title: "Erro no cadastro", description: "Ocorreu um erro inesperado.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="w-full max-w-md">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader>
          <CardTitle>Criar conta</CardTitle>
          <CardDescription>
            Você foi convidado para a equipe de <strong className="text-foreground">{invite.businessName}</strong>. Crie sua conta para
            aceitar o convite.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="signup-email">Email</Label>
            <Input id="signup-email" type="email" value={invite.email} readOnly aria-readonly className="bg-muted" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="signup-fullName">Nome completo</Label>
            <Input {...bind("fullName")} autoComplete="name" autoFocus />
            <FieldError id="signup-fullName-error">{touched.fullName ? errors.fullName : null}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="signup-password">Senha</Label>
            <PasswordInput {...bind("password")} autoComplete="new-password" />
            <FieldError id="signup-password-error">{touched.password ? errors.password : null}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="signup-confirmPassword">Confirmar senha</Label>
            <PasswordInput {...bind("confirmPassword")} autoComplete="new-password" />
            <FieldError id="signup-confirmPassword-error">{touched.confirmPassword ? errors.confirmPassword : null}</FieldError>
          </div>
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
              Este email já tem uma conta: use o link abaixo para entrar.
            </p>
          )}
        </CardContent>
        <CardFooter className="flex-col gap-3">
          <div className="flex w-full flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" className="flex-1" onClick={() => router.push("/auth")} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" className="flex-1" disabled={!ready || saving}>
              {saving && <Spinner />}
              Criar conta
            </Button>
          </div>
          <p className="text-center text-sm text-muted-foreground">
            Já tem uma conta?{" "}
            <Link href={loginHref} className="font-medium text-primary underline-offset-4 hover:underline">
              Entrar para aceitar o convite
            </Link>
          </p>
        </CardFooter>
      </form>
    </Card>
  );
}
