"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { createBusinessAction, updateBusinessAction } from "@/lib/admin/actions";
import type { AdminBusiness, UserOption } from "@/lib/admin/queries";
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from "@/lib/admin/schemas";
import { failToast } from "./notify";
import { OwnerPicker } from "./owner-picker";

type FormState = {
  name: string;
  description: string;
  phone: string;
  email: string;
  address: string;
  monthlyFee: string;
  subscriptionStatus: SubscriptionStatus;
  owner: UserOption | null;
};

function initialState(business: AdminBusiness | null): FormState {
  const owner = business?.members.find((m) => m.role === "owner");
  return {
    name: business?.name ?? "",
    description: business?.description ?? "",
    phone: business?.phone ?? "",
    email: business?.email ?? "",
    address: business?.address ?? "",
    monthlyFee: business ? business.monthlyFee.replace(".", ",") : "",
    subscriptionStatus: (SUBSCRIPTION_STATUSES as readonly string[]).includes(business?.subscriptionStatus ?? "")
      ? (business!.subscriptionStatus as SubscriptionStatus)
      : "active",
    owner: owner ? { id: owner.userId, email: owner.email, fullName: owner.fullName } : null,
  };
}

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: the 'Novo Negócio' dialog; otherwise the business being edited. */
  business: AdminBusiness | null;
};

/** Create or edit a business. The form is mounted fresh each time the dialog opens; an error keeps what was typed. */
export function BusinessFormDialog({ open, onOpenChange, business }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {open && <BusinessForm business={business} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function BusinessForm({ business, onDone }: { business: AdminBusiness | null; onDone: () => void }) {
  const [form, setForm] = useState<FormState>(() => initialState(business));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const editing = !!business;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!form.name.trim()) local.name = "Nome do negócio é obrigatório";
    if (!form.owner) local.ownerId = "Selecione o proprietário";
    if (Object.keys(local).length) {
      setErrors(local);
      failToast(Object.values(local)[0]);
      return;
    }
    setSaving(true);
    const input = {
      name: form.name,
      description: form.description,
      phone: form.phone,
      email: form.email,
      address: form.address,
      monthlyFee: form.monthlyFee,
      subscriptionStatus: form.subscriptionStatus,
      ownerId: form.owner!.id,
    };
    try {
      const result = editing ? await updateBusinessAction(business.id, input) : await createBusinessAction(input);
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        failToast(result.error, result.description);
        return;
      }
      toast({
        title: "Sucesso",
        description: editing ? "Negócio atualizado com sucesso!" : "Negócio criado com sucesso!",
        variant: "success",
      });
      onDone();
    } catch {
      failToast(editing ? "Erro inesperado ao atualizar negócio" : "Erro inesperado ao criar negócio");
    } finally {
      setSaving(false);
    }
  }

  const field = (key: keyof typeof errors) => ({
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `biz-${key}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? "Editar Negócio" : "Novo Negócio"}</DialogTitle>
        <DialogDescription>
          {editing ? "Altere os dados do negócio." : "Cadastre um negócio e escolha o usuário proprietário."}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <Label htmlFor="biz-name">Nome do Negócio *</Label>
        <Input id="biz-name" value={form.name} onChange={(e) => set("name", e.target.value)} {...field("name")} />
        <FieldError id="biz-name-error">{errors.name}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="biz-description">Descrição</Label>
        <Textarea id="biz-description" rows={2} value={form.description} onChange={(e) => set("description", e.target.value)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="biz-phone">Telefone</Label>
          <Input id="biz-phone" type="tel" placeholder="(11) 99999-9999" value={form.phone} onChange={(e) => set("phone", e.target.value)} {...field("phone")} />
          <FieldError id="biz-phone-error">{errors.phone}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="biz-email">E-mail</Label>
          <Input id="biz-email" type="email" value={form.email} onChange={(e) => set("email", e.target.value)} {...field("email")} />
          <FieldError id="biz-email-error">{errors.email}</FieldError>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="biz-address">Endereço</Label>
        <Input id="biz-address" value={form.address} onChange={(e) => set("address", e.target.value)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="biz-fee">Mensalidade (R$)</Label>
          <Input
            id="biz-fee"
            inputMode="decimal"
            placeholder="0,00"
            value={form.monthlyFee}
            onChange={(e) => set("monthlyFee", e.target.value)}
            {...field("monthlyFee")}
          />
          <FieldError id="biz-monthlyFee-error">{errors.monthlyFee}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="biz-status">Status</Label>
          <Select value={form.subscriptionStatus} onValueChange={(v) => set("subscriptionStatus", v as SubscriptionStatus)}>
            <SelectTrigger id="biz-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SUBSCRIPTION_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {SUBSCRIPTION_STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="biz-owner">Proprietário *</Label>
        <OwnerPicker
          id="biz-owner"
          value={form.owner}
          onChange={(u) => set("owner", u)}
          invalid={!!errors.ownerId}
          describedBy={errors.ownerId ? "biz-ownerId-error" : undefined}
        />
        <FieldError id="biz-ownerId-error">{errors.ownerId}</FieldError>
        {editing && <p className="text-xs text-muted-foreground">Ao trocar o proprietário, o anterior continua na equipe como Colaborador.</p>}
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" disabled={saving}>
          {saving && <Spinner />}
          {editing ? (saving ? "Salvando..." : "Salvar Alterações") : saving ? "Criando..." : "Criar Negócio"}
        </Button>
      </DialogFooter>
    </form>
  );
}
