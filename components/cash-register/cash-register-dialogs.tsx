"use client";

import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, TextField, useActionForm } from "@/components/form";
import { centsInputText, formatCents, parseCents } from "@/lib/core/format/money";
import { addCashMovementAction, closeCashRegisterAction, openCashRegisterAction } from "@/lib/cash-register/actions";
import { CASH_METHOD_LABELS, CASH_MESSAGES as M } from "@/lib/cash-register/messages";
import type { OpenRegister } from "@/lib/cash-register/queries";
import { closeRegisterSchema, movementSchema, openRegisterSchema } from "@/lib/cash-register/schemas";

const money = { inputMode: "decimal" as const, autoComplete: "off", placeholder: "0,00" };

type DialogProps = { businessId: string; open: boolean; onDone: () => void };


export function OpenRegisterDialog({ businessId, open, onDone }: DialogProps) {
  return (
    <FormDialog open={open} onOpenChange={(o) => !o && onDone()}>
      {open && <OpenRegisterForm businessId={businessId} onDone={onDone} />}
    </FormDialog>
  );
}

function OpenRegisterForm({ businessId, onDone }: { businessId: string; onDone: () => void }) {
  const save = useWrite(openCashRegisterAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: openRegisterSchema,
    defaultValues: { float: "" },
    action: (values) => save({ ...values, businessId }),
    success: { title: M.opened },
    error: M.saveError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={M.open} description="O dinheiro que fica na gaveta para dar troco. Todo pagamento entra no caixa aberto." />
      <TextField name="float" label={M.float} {...money} autoFocus />
      <DialogActions pending={pending} onCancel={onDone}>{M.open}</DialogActions>
    </Form>
  );
}

export function MovementDialog({ kind, registerId, cash, ...props }: DialogProps & { kind: "withdrawal" | "deposit"; registerId: string; cash: number }) {
  return (
    <FormDialog open={props.open} onOpenChange={(o) => !o && props.onDone()}>
      {props.open && <MovementForm kind={kind} registerId={registerId} cash={cash} businessId={props.businessId} onDone={props.onDone} />}
    </FormDialog>
  );
}

function MovementForm({ businessId, registerId, kind, cash, onDone }: { businessId: string; registerId: string; kind: "withdrawal" | "deposit"; cash: number; onDone: () => void }) {
  const save = useWrite(addCashMovementAction);
  const withdrawal = kind === "withdrawal";
  const { form, onSubmit, pending } = useActionForm({
    schema: movementSchema,
    defaultValues: { registerId, kind, amount: "", reason: "" },
    action: (values) => save({ ...values, businessId }),
    success: { title: withdrawal ? M.withdrawalDone : M.depositDone },
    error: M.saveError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader
        title={withdrawal ? M.withdrawal : M.deposit}
        description={withdrawal ? `Dinheiro retirado do caixa. Há ${formatCents(cash)} em dinheiro.` : "Dinheiro colocado no caixa (troco, reforço)."}
      />
      <TextField name="amount" label={M.amount} {...money} autoFocus />
      <TextField name="reason" label={M.reason} maxLength={200} placeholder={withdrawal ? "Ex.: depósito no banco" : "Ex.: troco trazido do banco"} />
      <DialogActions pending={pending} onCancel={onDone}>{withdrawal ? M.withdrawal : M.deposit}</DialogActions>
    </Form>
  );
}

export function CloseRegisterDialog({ register, ...props }: DialogProps & { register: OpenRegister }) {
  return (
    <FormDialog open={props.open} onOpenChange={(o) => !o && props.onDone()}>
      {props.open && <CloseRegisterForm register={register} businessId={props.businessId} onDone={props.onDone} />}
    </FormDialog>
  );
}

const METHODS = ["cash", "pix", "debit", "credit"] as const;

function CloseRegisterForm({ businessId, register, onDone }: { businessId: string; register: OpenRegister; onDone: () => void }) {
  const save = useWrite(closeCashRegisterAction);
  // Cards and Pix start at what the ledger expects (the acquirers' reports usually agree); cash is counted.
  const { form, onSubmit, pending } = useActionForm({
    schema: closeRegisterSchema,
    defaultValues: {
      registerId: register.id,
      counted: { cash: "", pix: centsInputText(register.expected.pix), debit: centsInputText(register.expected.debit), credit: centsInputText(register.expected.credit) },
    },
    action: (values) => save({ ...values, businessId }),
    success: { title: M.closed },
    error: M.saveError,
    onSuccess: onDone,
  });
  const counted = form.watch("counted");
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={M.close} description="Conte o dinheiro da gaveta e confira os totais de Pix e cartões. Depois de fechado, o caixa não muda." />
      {METHODS.map((m) => {
        const typed = parseCents(counted?.[m] ?? "");
        const diff = typeof typed === "number" ? typed - register.expected[m] : null;
        return (
          <TextField
            key={m}
            name={`counted.${m}`}
            label={`${CASH_METHOD_LABELS[m]} (R$)`}
            hint={`${M.expected}: ${formatCents(register.expected[m])}${diff === null ? "" : ` · ${M.difference}: ${formatCents(diff)}`}`}
            {...money}
            autoFocus={m === "cash"}
          />
        );
      })}
      <DialogActions pending={pending} onCancel={onDone}>{M.close}</DialogActions>
    </Form>
  );
}
