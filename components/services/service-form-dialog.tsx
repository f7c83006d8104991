"use client";

import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, SwitchField, TextField, useActionForm } from "@/components/form";
import { createServiceAction, updateServiceAction } from "@/lib/services/actions";
import type { ServiceRow } from "@/lib/services/queries";
import { SERVICE_MESSAGES } from "@/lib/services/messages";
import { serviceFieldsSchema } from "@/lib/services/schemas";

type Props = { businessId: string; service: ServiceRow | null; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Novo Serviço' / edit. The form mounts fresh each time the dialog opens; a failed save keeps what was typed. */
export function ServiceFormDialog({ businessId, service, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <ServiceForm businessId={businessId} service={service} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ServiceForm({ businessId, service, onDone }: { businessId: string; service: ServiceRow | null; onDone: () => void }) {
  const create = useWrite(createServiceAction);
  const update = useWrite(updateServiceAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: serviceFieldsSchema,
    defaultValues: {
      name: service?.name ?? "",
      description: service?.description ?? "",
      durationMinutes: service?.durationMinutes ? String(service.durationMinutes) : "",
      active: service?.active ?? true,
    },
    action: (values) =>
      service ? update({ ...values, id: service.id, businessId }) : create({ ...values, businessId }),
    success: { title: service ? SERVICE_MESSAGES.updated : SERVICE_MESSAGES.created },
    error: SERVICE_MESSAGES.saveError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader
        title={service ? "Editar Serviço" : "Novo Serviço"}
        description={service ? "Altere os dados do serviço." : "Cadastre um serviço. O preço é definido por profissional, em Profissionais."}
      />
      <TextField name="name" label="Nome *" autoComplete="off" placeholder="Ex.: Corte feminino" autoFocus />
      <TextField name="description" label="Descrição" multiline placeholder="O que está incluído no serviço" />
      <TextField
        name="durationMinutes"
        label="Duração (minutos)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        placeholder="60"
        hint="Deixe em branco se variar; a agenda conta 1h."
      />
      <SwitchField name="active" label={SERVICE_MESSAGES.activeLabel} hint={SERVICE_MESSAGES.activeHint} disabled={pending} />
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}
