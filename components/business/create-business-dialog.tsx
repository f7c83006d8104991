"use client";

import { useRouter } from "next/navigation";
import { DialogActions, failureToast, Form, FormDialog, FormDialogHeader, TextField, useActionForm } from "@/components/form";
import { createBusinessAction } from "@/lib/businesses/actions";
import { BUSINESS_MESSAGES } from "@/lib/businesses/messages";
import { createBusinessSchema } from "@/lib/businesses/schemas";
import { BusinessDetailsFields } from "./business-fields";
import { rememberBusiness } from "./remember";

/** 'Criar Negócio' dialog: the new business becomes the current one. The form mounts fresh at each opening. */
export function CreateBusinessDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <CreateBusinessForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateBusinessForm({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const { form, onSubmit, pending } = useActionForm({
    schema: createBusinessSchema,
    defaultValues: { name: "", description: "", phone: "", email: "", address: "" },
    action: createBusinessAction,
    success: { title: "Sucesso", description: "Negócio criado com sucesso!" },
    error: BUSINESS_MESSAGES.createUnexpected,
    onInvalid: (errors) => failureToast({ error: "Erro", description: Object.values(errors)[0]?.message }),
    onSuccess: (result) => {
      rememberBusiness(result.id);
      onDone();
      router.refresh();
    },
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title="Criar Negócio" description="Cadastre um novo negócio para gerenciar." />
      <TextField name="name" id="business-name" label="Nome do Negócio *" autoFocus />
      <BusinessDetailsFields idPrefix="business" />
      <DialogActions pending={pending} pendingText="Criando..." onCancel={onDone}>
        Criar Negócio
      </DialogActions>
    </Form>
  );
}
