"use client";

import { Building2, ExternalLink } from "lucide-react";
import { useRouter } from "next/navigation";
import { useSession } from "next-auth/react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/input";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { registerBusinessAction } from "@/lib/auth/actions";
import { businessRegistrationSchema } from "@/lib/auth/schemas";
import { FormField } from "./form-field";
import { useZodForm } from "./use-zod-form";

/**
 * 'Cadastre seu Negócio' for a signed-in user without registration and without business (first
 * Google sign-in): read-only e-mail and name, Nome da Empresa, Telefone, Descrição da Empresa.
 */
export function BusinessRegistration({ email, fullName, siteUrl }: { email: string; fullName: string | null; siteUrl: string }) {
  const router = useRouter();
  const { update } = useSession();
  const form = useZodForm(businessRegistrationSchema, { companyName: "", phone: "", description: "" });
  const [pending, setPending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const done = useRef(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || done.current) return;
    if (!form.touchAll()) return;
    setPending(true);
    try {
      const res = await registerBusinessAction(form.values);
      if (!res.ok) {
        toast({ title: "Erro no cadastro", description: res.error, variant: "destructive" });
        setPending(false);
        return;
      }
      done.current = true;
      setLeaving(true);
      toast({ title: "Cadastro realizado com sucesso!", description: "Bem-vindo ao Agenda! Seu negócio está pronto.", variant: "success" });
      await update().catch(() => undefined);
      router.replace("/");
      router.refresh();
    } catch (err) {
      console.error(err);
      toast({ title: "Erro no cadastro", description: "Ocorreu um erro inesperado.", variant: "destructive" });
      setPending(false);
    }
  }

  if (leaving) return <PageSpinner />;

  return (
    <Card className="shadow-lg">
      <CardContent className="flex flex-col gap-5 p-6 pt-6 sm:p-8 sm:pt-8">
        <div className="flex flex-col items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Building2 aria-hidden className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Cadastre seu Negócio</h1>
          <p className="text-sm text-muted-foreground">Falta pouco: conte-nos sobre o seu negócio para começar a usar o Agenda.</p>
        </div>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField id="reg-email" label="Email">
            <Input id="reg-email" value={email} readOnly aria-readonly />
          </FormField>
          <FormField id="reg-name" label="Nome">
            <Input id="reg-name" value={fullName ?? ""} readOnly aria-readonly />
          </FormField>
          <FormField id="companyName" label="Nome da Empresa" error={form.errorOf("companyName")}>
            <Input id="companyName" autoComplete="organization" placeholder="Ex.: Studio Bela Vista" disabled={pending} {...form.field("companyName")} />
          </FormField>
          <FormField id="phone" label="Telefone" error={form.errorOf("phone")}>
            <Input id="phone" type="tel" autoComplete="tel" placeholder="(11) 99999-9999" disabled={pending} {...form.field("phone")} />
          </FormField>
          <FormField id="description" label="Descrição da Empresa" error={form.errorOf("description")}>
            <Textarea id="description" placeholder="Salão de beleza, barbearia…" disabled={pending} {...form.field("description")} />
          </FormField>
          <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : null}
            {pending ? "Cadastrando..." : "Finalizar Cadastro"}
          </Button>
          <Button asChild variant="outline" className="w-full">
            <a href={siteUrl} target="_blank" rel="noopener noreferrer">
              Conheça o Agenda
              <ExternalLink aria-hidden />
            </a>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
