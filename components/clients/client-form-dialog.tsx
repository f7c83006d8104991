"use client";

import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, TextField, useActionForm } from "@/components/form";
import { IntentLink } from "@/components/shell/intent-link";
import { Button } from "@/components/ui/button";
import { createClientAction, updateClientAction } from "@/lib/clients/actions";
import type { ClientRow } from "@/lib/clients/queries";
import { CLIENT_DUPLICATE_CODE, CLIENT_MESSAGES } from "@/lib/clients/messages";
import type { NewClientPreset } from "@/lib/clients/preset";
import { newClientSchema } from "@/lib/clients/schemas";
import { DuplicateClientsNotice, useDuplicateClients } from "./duplicate-clients";

type Props = {
  businessId: string;
  client: ClientRow | null;
  /** A new client's form filled in ('Cadastrar "{texto}"'). */
  preset?: NewClientPreset;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'Novo Cliente' / edit. The form mounts fresh each time the dialog opens; a failed save keeps what was typed. */
export function ClientFormDialog({ businessId, client, preset, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <ClientForm businessId={businessId} client={client} preset={preset} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ClientForm({ businessId, client, preset, onDone }: { businessId: string; client: ClientRow | null; preset?: NewClientPreset; onDone: () => void }) {
  const create = useWrite(createClientAction);
  const update = useWrite(updateClientAction);
  // A save refused as a duplicate asks the warning's read again at once.
  const [refused, setRefused] = useState(0);
  const { form, onSubmit, pending } = useActionForm({
    schema: newClientSchema,
    defaultValues: {
      name: client?.name ?? preset?.name ?? "", phone: client?.phone ?? preset?.phone ?? "", email: client?.email ?? "", allowDuplicate: false,
    },
    action: ({ allowDuplicate, ...values }) =>
      client ? update({ ...values, id: client.id, businessId }) : create({ ...values, allowDuplicate, businessId }),
    success: { title: client ? CLIENT_MESSAGES.updated : CLIENT_MESSAGES.created },
    error: CLIENT_MESSAGES.saveError,
    onFailure: (f) => {
      if (f.code === CLIENT_DUPLICATE_CODE) setRefused((n) => n + 1);
    },
    onSuccess: onDone,
  });
  const [phone, email, allowDuplicate] = useWatch({ control: form.control, name: ["phone", "email", "allowDuplicate"] });
  // Only a new client is checked: an edit keeps its own phone.
  const twins = useDuplicateClients(businessId, client ? "" : (phone ?? ""), client ? "" : (email ?? ""), refused);
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={client ? "Editar Cliente" : "Novo Cliente"} description={client ? "Altere os dados do cliente." : "Cadastre um cliente do seu negócio."} />
      <TextField name="name" label="Nome *" autoComplete="off" placeholder="Nome do cliente" autoFocus />
      <TextField name="phone" label="Telefone" type="tel" inputMode="tel" autoComplete="off" placeholder="(11) 99999-9999" />
      <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="off" placeholder="cliente@email.com" />
      {!client && (
        <DuplicateClientsNotice
          clients={twins}
          allow={allowDuplicate ?? false}
          onAllowChange={(v) => form.setValue("allowDuplicate", v)}
          use={(c) => (
            <Button asChild variant="outline" size="sm">
              <IntentLink href={`/clients/${c.id}`} aria-label={`Ver cliente ${c.name}`}>
                Ver cliente
              </IntentLink>
            </Button>
          )}
        />
      )}
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}
