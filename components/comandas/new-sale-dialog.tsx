"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { ClientCombobox, type ClientOption } from "@/components/appointments/client-combobox";
import { DialogActions, FieldShell, Form, FormDialog, FormDialogHeader, useActionForm } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { openSaleAction } from "@/lib/comandas/actions";
import { COMANDA_MESSAGES as M, COMANDA_SCREEN as S } from "@/lib/comandas/messages";
import { newSaleSchema } from "@/lib/comandas/schemas";

type Props = { businessId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Nova venda': a comanda with no appointment, for a client picked as on the agenda (or none); opens its page. */
export function NewSaleDialog({ businessId, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <NewSaleForm businessId={businessId} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function NewSaleForm({ businessId, onDone }: { businessId: string; onDone: () => void }) {
  const router = useRouter();
  const openSale = useWrite(openSaleAction);
  const [client, setClient] = useState<ClientOption | null>(null);
  const { form, onSubmit, pending } = useActionForm({
    schema: newSaleSchema,
    defaultValues: { clientId: "" },
    action: (values) => openSale({ ...values, businessId }),
    error: M.openError,
    onSuccess: (result) => {
      onDone();
      router.push(`/comandas/${result.id}`);
    },
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={M.newSale} description={S.newSaleDescription} />
      <Controller
        control={form.control}
        name="clientId"
        render={({ field, fieldState }) => (
          <FieldShell id="sale-client" label={S.clientOptional} error={fieldState.error?.message}>
            <ClientCombobox
              id="sale-client"
              businessId={businessId}
              value={client}
              onChange={(c) => {
                setClient(c);
                field.onChange(c?.id ?? "");
              }}
              invalid={!!fieldState.error}
              describedBy={fieldState.error ? "sale-client-error" : undefined}
            />
          </FieldShell>
        )}
      />
      <DialogActions pending={pending} pendingText="Abrindo..." onCancel={onDone}>
        {S.openSale}
      </DialogActions>
    </Form>
  );
}
