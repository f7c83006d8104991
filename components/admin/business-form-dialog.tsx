"use client";

import { useState } from "react";
import { BusinessDetailsFields } from "@/components/business/business-fields";
import { DialogActions, failureToast, Form, FormDialog, FormDialogHeader, FormField, SelectField, TextField, useActionForm } from "@/components/form";
import { createBusinessAction, updateBusinessAction } from "@/lib/admin/actions";
import type { AdminBusiness, UserOption } from "@/lib/admin/queries";
import { MESSAGES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from "@/lib/admin/messages";
import { businessInputSchema } from "@/lib/admin/schemas";
import { OwnerPicker } from "./owner-picker";

const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: SUBSCRIPTION_STATUS_LABELS[s] }));

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: the 'Novo Negócio' dialog; otherwise the business being edited. */
  business: AdminBusiness | null;
};

/** Create or edit a business. The form is mounted fresh each time the dialog opens; an error keeps what was typed. */
export function BusinessFormDialog({ open, onOpenChange, business }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-w-xl">
      <BusinessForm business={business} onDone={() => onOpenChange(false)} />
    </FormDialog>
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
      <FormDialogHeader
        title={editing ? "Editar Negócio" : "Novo Negócio"}
        description={editing ? "Altere os dados do negócio." : "Cadastre um negócio e escolha o usuário proprietário."}
      />
      <TextField name="name" id="biz-name" label="Nome do Negócio *" />
      <BusinessDetailsFields idPrefix="biz" descriptionRows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="monthlyFee" id="biz-fee" label="Mensalidade (R$)" inputMode="decimal" placeholder="0,00" />
        <SelectField name="subscriptionStatus" id="biz-status" label="Status" options={STATUS_OPTIONS} />
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
      <DialogActions pending={pending} pendingText={editing ? "Salvando..." : "Criando..."} onCancel={onDone}>
        {editing ? "Salvar Alterações" : "Criar Negócio"}
      </DialogActions>
    </Form>
  );
}
