"use client";

import { useRouter } from "next/navigation";
import { useWrite } from "@/components/live/use-write";
import { Form, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { updateBusinessProfileAction } from "@/lib/businesses/actions";
import type { BusinessProfile } from "@/lib/businesses/queries";
import { formatBRL } from "@/lib/core/format/money";

const STATUS_LABELS: Record<string, string> = { active: "Ativo", inactive: "Inativo", cancelled: "Cancelado", suspended: "Suspenso" };

/** Meus Dados: company, personal, personal contact, company contact and the read-only subscription. */
export function BusinessProfileForm({ businessId, profile }: { businessId: string; profile: BusinessProfile }) {
  const saveProfile = useWrite(updateBusinessProfileAction);
  const router = useRouter();
  const { business: b, user: u } = profile;
  const { form, onSubmit, pending } = useActionForm({
    schema: () => import("@/lib/businesses/schemas").then((m) => m.businessProfileSchema),
    defaultValues: {
      businessName: b.name, description: b.description ?? "", address: b.address ?? "", businessEmail: b.email ?? "",
      businessPhone: b.phone ?? "", fullName: u.fullName ?? "", contactName: u.contactName ?? "", avatarUrl: u.avatarUrl ?? "",
      phone: u.phone ?? "",
    },
    action: (values) => saveProfile({ ...values, businessId }),
    success: { title: "Sucesso", description: "Dados atualizados com sucesso!" },
    error: "Erro",
    onSuccess: () => router.refresh(),
  });

  const active = b.subscriptionStatus === "active";
  return (
    <Form form={form} onSubmit={onSubmit} className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Dados da Empresa</CardTitle>
            <CardDescription>Como o seu negócio aparece no sistema.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField name="businessName" id="profile-businessName" label="Nome da Empresa" maxLength={200} />
            <TextField name="description" id="profile-description" label="Descrição" multiline rows={3} />
            <TextField name="address" id="profile-address" label="Endereço" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Dados Pessoais</CardTitle>
            <CardDescription>Seus dados como responsável pelo negócio.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField name="fullName" id="profile-fullName" label="Nome completo" autoComplete="name" />
            <TextField name="contactName" id="profile-contactName" label="Nome de contato" />
            <TextField name="avatarUrl" id="profile-avatarUrl" label="URL do avatar" type="url" placeholder="https://" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Contato Pessoal</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="profile-email">E-mail</Label>
              <Input id="profile-email" value={u.email} readOnly disabled aria-describedby="profile-email-hint" />
              <p id="profile-email-hint" className="text-xs text-muted-foreground">É o e-mail de acesso à sua conta.</p>
            </div>
            <TextField name="phone" id="profile-phone" label="Telefone" type="tel" placeholder="(11) 99999-9999" autoComplete="tel" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Contato da Empresa</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField name="businessEmail" id="profile-businessEmail" label="E-mail" type="email" />
            <TextField name="businessPhone" id="profile-businessPhone" label="Telefone" type="tel" placeholder="(11) 99999-9999" />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Assinatura</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Plano</dt>
              <dd className="font-medium">{b.subscriptionPlan}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Badge variant={active ? "success" : "secondary"}>{STATUS_LABELS[b.subscriptionStatus] ?? b.subscriptionStatus}</Badge>
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Mensalidade</dt>
              <dd className="font-medium">{formatBRL(b.monthlyFee)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <SubmitButton pending={pending} className="w-full sm:w-auto">
          Salvar Alterações
        </SubmitButton>
      </div>
    </Form>
  );
}
