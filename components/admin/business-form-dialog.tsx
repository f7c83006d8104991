"use client";

import { useState } from "react";
import { failureToast, Form, FormField, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { createBusinessAction, updateBusinessAction } from "@/lib/admin/actions";
import type { AdminBusiness, UserOption } from "@/lib/admin/queries";
import { businessInputSchema, MESSAGES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from "@/lib/admin/schemas";
import { OwnerPicker } from "./owner-picker";

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
  const owner = business?.members.find((m) => m.role === "owner");
  // The picker shows the chosen user; the form holds only their id.
  const [ownerOption, setOwnerOption] = useState<UserOption | null>(owner ? { id: owner.userId, email: owner.email, fullName: owner.fullName } : null);
  const status = business?.subscriptionStatus ?? "";
  const editing = !!business;
  const error = editing ? MESSAGES.updateBusinessError : MESSAGES.createBusinessError;
  const { form, onSubmit, pending } = useActionForm({
    schema: businessInputSchema,
    defaultValues: {
      name: business?.name ?? "",
      description: business?.description ?? "",
      phone: business?.phone ?? "",
      email: business?.email ?? "",
      address: business?.address ?? "",
      monthlyFee: business ? business.monthlyFee.replace(".", ",") : "",
      subscriptionStatus: (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatus) : "active",
      ownerId: owner?.userId ?? "",
    },
    action: (values) => (business ? updateBusinessAction({ ...values, id: business.id }) : createBusinessAction(values)),
    success: { title: "Sucesso", description: editing ? MESSAGES.updateBusinessSuccess : MESSAGES.createBusinessSuccess },
    error,
    onInvalid: (errors) => failureToast({ error, description: Object.values(errors)[0]?.message }),
    onSuccess: onDone,
  });

  return (
    <Form form={form} onSubmit={onSubmit}>
      <DialogHeader>
        <DialogTitle>{editing ? "Editar Negócio" : "Novo Negócio"}</DialogTitle>
        <DialogDescription>{editing ? "Altere os dados do negócio." : "Cadastre um negócio e escolha o usuário proprietário."}</DialogDescription>
      </DialogHeader>
      <TextField name="name" id="biz-name" label="Nome do Negócio *" />
      <TextField name="description" id="biz-description" label="Descrição" multiline rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="phone" id="biz-phone" label="Telefone" type="tel" placeholder="(11) 99999-9999" />
        <TextField name="email" id="biz-email" label="E-mail" type="email" />
      </div>
      <TextField name="address" id="biz-address" label="Endereço" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="monthlyFee" id="biz-fee" label="Mensalidade (R$)" inputMode="decimal" placeholder="0,00" />
        <FormField
          name="subscriptionStatus"
          id="biz-status"
          label="Status"
          render={(field, a11y) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...a11y}>
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
          )}
        />
      </div>
      <FormField
        name="ownerId"
        id="biz-owner"
        label="Proprietário *"
        hint={editing ? "Ao trocar o proprietário, o anterior continua na equipe como Colaborador." : undefined}
        render={(field, a11y) => (
          <OwnerPicker
            id={a11y.id}
            value={ownerOption}
            onChange={(user) => {
              setOwnerOption(user);
              field.onChange(user.id);
            }}
            invalid={a11y["aria-invalid"]}
            describedBy={a11y["aria-describedby"]}
          />
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <SubmitButton pending={pending} pendingText={editing ? "Salvando..." : "Criando..."}>
          {editing ? "Salvar Alterações" : "Criar Negócio"}
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}
