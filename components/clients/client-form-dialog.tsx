"use client";

import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, TextField, useActionForm } from "@/components/form";
import { createClientAction, updateClientAction } from "@/lib/clients/actions";
import type { ClientRow } from "@/lib/clients/queries";
import { CLIENT_MESSAGES } from "@/lib/clients/messages";
import { clientFieldsSchema } from "@/lib/clients/schemas";

type Props = { businessId: string; client: ClientRow | null; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Novo Cliente' / edit. The form mounts fresh each time the dialog opens; a failed save keeps what was typed. */
export function ClientFormDialog({ businessId, client, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <ClientForm businessId={businessId} client={client} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ClientForm({ businessId, client, onDone }: { businessId: string; client: ClientRow | null; onDone: () => void }) {
  const create = useWrite(createClientAction);
  const update = useWrite(updateClientAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: clientFieldsSchema,
    defaultValues: { name: client?.name ?? "", phone: client?.phone ?? "", email: client?.email ?? "" },
    action: (values) =>
      client ? update({ ...values, id: client.id, businessId }) : create({ ...values, businessId }),
    success: { title: client ? CLIENT_MESSAGES.updated : CLIENT_MESSAGES.created },
    error: CLIENT_MESSAGES.saveError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={client ? "Editar Cliente" : "Novo Cliente"} description={client ? "Altere os dados do cliente." : "Cadastre um cliente do seu negócio."} />
      <TextField name="name" label="Nome *" autoComplete="off" placeholder="Nome do cliente" autoFocus />
      <TextField name="phone" label="Telefone" type="tel" inputMode="tel" autoComplete="off" placeholder="(11) 99999-9999" />
      <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="off" placeholder="cliente@email.com" />
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}
