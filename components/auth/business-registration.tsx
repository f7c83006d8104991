"use client";

import { Building2, ExternalLink } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Form, SubmitButton, TextField } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageSpinner } from "@/components/ui/spinner";
import { registerBusinessAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { useAuthForm } from "./auth-form";

/**
 * 'Cadastre seu Negócio' for a signed-in user without registration and without business (first
 * Google sign-in): read-only e-mail and name, Nome da Empresa, Telefone, Descrição da Empresa.
 */
export function BusinessRegistration({ email, fullName, siteUrl }: { email: string; fullName: string | null; siteUrl: string }) {
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const { form, onSubmit, pending } = useAuthForm({
    schema: () => import("@/lib/auth/schemas").then((m) => m.businessRegistrationSchema),
    defaultValues: { companyName: "", phone: "", description: "" },
    action: registerBusinessAction,
    success: { title: "Cadastro realizado com sucesso!", description: "Bem-vindo ao Agenda! Seu negócio está pronto." },
    error: AUTH_MESSAGES.signUpError,
    // The action re-issued the session cookie with the new business.
    onSuccess: () => {
      setLeaving(true);
      router.replace("/");
      router.refresh();
    },
  });

  if (leaving) return <PageSpinner />;

  return (
    <Card>
      <CardContent className="flex flex-col gap-5 p-6 pt-6 sm:p-8 sm:pt-8">
        <div className="flex flex-col items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Building2 aria-hidden className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Cadastre seu Negócio</h1>
          <p className="text-sm text-muted-foreground">Falta pouco: conte-nos sobre o seu negócio para começar a usar o Agenda.</p>
        </div>
        <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="reg-email">E-mail</Label>
            <Input id="reg-email" value={email} readOnly aria-readonly />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="reg-name">Nome</Label>
            <Input id="reg-name" value={fullName ?? ""} readOnly aria-readonly />
          </div>
          <TextField name="companyName" id="companyName" label="Nome da Empresa" autoComplete="organization" placeholder="Ex.: Studio Bela Vista" />
          <TextField name="phone" id="phone" label="Telefone" type="tel" autoComplete="tel" placeholder="(11) 99999-9999" />
          <TextField name="description" id="description" label="Descrição da Empresa" multiline placeholder="Salão de beleza, barbearia…" />
          <SubmitButton pending={pending} pendingText="Cadastrando..." className="w-full">
            Finalizar Cadastro
          </SubmitButton>
          <Button asChild variant="outline" className="w-full">
            <a href={siteUrl} target="_blank" rel="noopener noreferrer">
              Conheça o Agenda
              <ExternalLink aria-hidden />
            </a>
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
