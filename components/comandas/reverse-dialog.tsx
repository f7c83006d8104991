"use client";

import { DialogActions, Form, FormDialog, FormDialogHeader, TextField, useActionForm } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { reverseComandaAction } from "@/lib/comandas/actions";
import { COMANDA_MESSAGES as M, COMANDA_SCREEN as S } from "@/lib/comandas/messages";
import { reverseComandaSchema } from "@/lib/comandas/schemas";

type Props = { businessId: string; id: string; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Estornar' (the owner's): the reason, then the opposite entries in the register, stock and commissions. */
export function ReverseDialog({ businessId, id, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <ReverseForm businessId={businessId} id={id} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ReverseForm({ businessId, id, onDone }: { businessId: string; id: string; onDone: () => void }) {
  const reverse = useWrite(reverseComandaAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: reverseComandaSchema,
    defaultValues: { id, reason: "" },
    action: (values) => reverse({ ...values, businessId }),
    success: { title: M.reversed },
    error: M.reverseError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={M.reverseTitle} description={M.reverseDescription} />
      <TextField name="reason" label={M.reason} maxLength={200} autoFocus autoComplete="off" placeholder="Ex.: cobrança em duplicidade" />
      <DialogActions pending={pending} pendingText={S.reversing} onCancel={onDone}>
        {M.reverse}
      </DialogActions>
    </Form>
  );
}
