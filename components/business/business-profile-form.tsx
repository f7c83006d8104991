"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { updateBusinessProfileAction } from "@/lib/businesses/actions";
import type { BusinessProfile } from "@/lib/businesses/profile";
import { formatBRL } from "@/lib/format/money";

type Values = {
  businessName: string;
  description: string;
  address: string;
  businessEmail: string;
  businessPhone: string;
  fullName: string;
  contactName: string;
  avatarUrl: string;
  phone: string;
};

function initialValues(p: BusinessProfile): Values {
  return {
    businessName: p.business.name,
    description: p.business.description ?? "",
    address: p.business.address ?? "",
    businessEmail: p.business.email ?? "",
    businessPhone: p.business.phone ?? "",
    fullName: p.user.fullName ?? "",
    contactName: p.user.contactName ?? "",
    avatarUrl: p.user.avatarUrl ?? "",
    phone: p.user.phone ?? "",
  };
}

const STATUS_LABELS: Record<string, string> = { active: "Ativo", inactive: "Inativo", cancelled: "Cancelado", suspended: "Suspenso" };

/** Meus Dados: company, personal, personal contact, company contact and the read-only subscription. */
export function BusinessProfileForm({ profile }: { profile: BusinessProfile }) {
  const router = useRouter();
  const [values, setValues] = useState<Values>(() => initialValues(profile));
  const [saving, setSaving] = useState(false);

  const field = (key: keyof Values) => ({
    id: `profile-${key}`,
    name: key,
    value: values[key],
    disabled: saving,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const result = await updateBusinessProfileAction(values);
      if (!result.ok) {
        toast({ title: "Erro", description: result.error === "Erro ao atualizar negócio" ? result.error : "Não foi possível atualizar os dados.", variant: "destructive" });
        return;
      }
      toast({ title: "Sucesso", description: "Dados atualizados com sucesso!", variant: "success" });
      router.refresh();
    } catch {
      toast({ title: "Erro", description: "Erro inesperado ao atualizar negócio", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  const active = profile.business.subscriptionStatus === "active";
  return (
    <form onSubmit={onSubmit} className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Dados da Empresa</CardTitle>
            <CardDescription>Como o seu negócio aparece no sistema.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="profile-businessName">Nome da Empresa</Label>
              <Input {...field("businessName")} required maxLength={200} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-description">Descrição</Label>
              <Textarea {...field("description")} rows={3} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-address">Endereço</Label>
              <Input {...field("address")} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Dados Pessoais</CardTitle>
            <CardDescription>Seus dados como responsável pelo negócio.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="profile-fullName">Nome completo</Label>
              <Input {...field("fullName")} autoComplete="name" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-contactName">Nome de contato</Label>
              <Input {...field("contactName")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-avatarUrl">URL do avatar</Label>
              <Input {...field("avatarUrl")} type="url" placeholder="https://" />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Contato Pessoal</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="profile-email">E-mail</Label>
              <Input id="profile-email" value={profile.user.email} readOnly disabled aria-describedby="profile-email-hint" />
              <p id="profile-email-hint" className="text-xs text-muted-foreground">É o e-mail de acesso à sua conta.</p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-phone">Telefone</Label>
              <Input {...field("phone")} type="tel" placeholder="(11) 99999-9999" autoComplete="tel" />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Contato da Empresa</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="profile-businessEmail">E-mail</Label>
              <Input {...field("businessEmail")} type="email" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-businessPhone">Telefone</Label>
              <Input {...field("businessPhone")} type="tel" placeholder="(11) 99999-9999" />
            </div>
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
              <dd className="font-medium">{profile.business.subscriptionPlan}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Badge variant={active ? "success" : "secondary"}>
                  {STATUS_LABELS[profile.business.subscriptionStatus] ?? profile.business.subscriptionStatus}
                </Badge>
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Mensalidade</dt>
              <dd className="font-medium">{formatBRL(profile.business.monthlyFee)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving && <Spinner />}
          Salvar Alterações
        </Button>
      </div>
    </form>
  );
}
