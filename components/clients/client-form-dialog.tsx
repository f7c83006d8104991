"use client";

import { Form, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { createClientAction, updateClientAction } from "@/lib/clients/actions";
import type { ClientRow } from "@/lib/clients/queries";
import { CLIENT_MESSAGES } from "@/lib/clients/messages";
import { clientFieldsSchema } from "@/lib/clients/schemas";

type Props = { businessId: string; client: ClientRow | null; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Novo Cliente' / edit. The form mounts fresh each time the dialog opens; a failed save keeps what was typed. */
export function ClientFormDialog({ businessId, client, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open && <ClientForm businessId={businessId} client={client} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({ businessId, client, onDone }: { businessId: string; client: ClientRow | null; onDone: () => void }) {
  const { form, onSubmit, pending } = useActionForm({
    schema: clientFieldsSchema,
    defaultValues: { name: client?.name ?? "", phone: client?.phone ?? "", email: client?.email ?? "" },
    action: (values) =>
      client ? updateClientAction({ ...values, id: client.id, businessId }) : createClientAction({ ...values, businessId }),
    success: { title: client ? CLIENT_MESSAGES.updated : CLIENT_MESSAGES.created },
    error: CLIENT_MESSAGES.saveError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <DialogHeader>
        <DialogTitle>{client ? "Editar Cliente" : "Novo Cliente"}</DialogTitle>
        <DialogDescription>{client ? "Altere os dados do cliente." : "Cadastre um cliente do seu negócio."}</DialogDescription>
      </DialogHeader>
      <TextField name="name" label="Nome *" autoComplete="off" placeholder="Nome do cliente" autoFocus />
      <TextField name="phone" label="Telefone" type="tel" inputMode="tel" autoComplete="off" placeholder="(11) 99999-9999" />
      <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="off" placeholder="cliente@email.com" />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <SubmitButton pending={pending} pendingText="Salvando...">
          Salvar
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}
