"use client";

import { Form, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { createServiceAction, updateServiceAction } from "@/lib/services/actions";
import type { ServiceRow } from "@/lib/services/queries";
import { SERVICE_MESSAGES } from "@/lib/services/messages";
import { serviceFieldsSchema } from "@/lib/services/schemas";

type Props = { businessId: string; service: ServiceRow | null; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Novo Serviço' / edit. The form mounts fresh each time the dialog opens; a failed save keeps what was typed. */
export function ServiceFormDialog({ businessId, service, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open && <ServiceForm businessId={businessId} service={service} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ServiceForm({ businessId, service, onDone }: { businessId: string; service: ServiceRow | null; onDone: () => void }) {
  const { form, onSubmit, pending } = useActionForm({
    schema: serviceFieldsSchema,
    defaultValues: {
      name: service?.name ?? "",
      description: service?.description ?? "",
      durationMinutes: service?.durationMinutes ? String(service.durationMinutes) : "",
    },
    action: (values) =>
      service ? updateServiceAction({ ...values, id: service.id, businessId }) : createServiceAction({ ...values, businessId }),
    success: { title: service ? SERVICE_MESSAGES.updated : SERVICE_MESSAGES.created },
    error: SERVICE_MESSAGES.saveError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <DialogHeader>
        <DialogTitle>{service ? "Editar Serviço" : "Novo Serviço"}</DialogTitle>
        <DialogDescription>
          {service ? "Altere os dados do serviço." : "Cadastre um serviço. O preço é definido por profissional, em Profissionais."}
        </DialogDescription>
      </DialogHeader>
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
