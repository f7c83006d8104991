"use client";

import { useRouter } from "next/navigation";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, TextField, useActionForm } from "@/components/form";
import { addAdvanceAction, markPaidAction, setCardFeesAction } from "@/lib/commissions/actions";
import { STATEMENT_MESSAGES as S } from "@/lib/commissions/messages";
import { rateInputText } from "@/lib/commissions/rates";
import { advanceSchema, cardFeesSchema, payoutSchema } from "@/lib/commissions/schemas";
import { formatDate } from "@/lib/core/format/date";
import { formatCents } from "@/lib/core/format/money";
import { todayInBusiness } from "@/lib/core/time/business-time";

type DialogProps = { businessId: string; open: boolean; onDone: () => void };
type Pro = { id: string; name: string };

/** After a write the page's server render is read again (the statement is the page's, as the rates are). */
function useDone(onDone: () => void) {
  const router = useRouter();
  return () => {
    onDone();
    router.refresh();
  };
}

export function AdvanceDialog({ professional, ...props }: DialogProps & { professional: Pro }) {
  return (
    <FormDialog open={props.open} onOpenChange={(o) => !o && props.onDone()}>
      {props.open && <AdvanceForm professional={professional} businessId={props.businessId} onDone={props.onDone} />}
    </FormDialog>
  );
}

function AdvanceForm({ businessId, professional, onDone }: { businessId: string; professional: Pro; onDone: () => void }) {
  const save = useWrite(addAdvanceAction);
  const done = useDone(onDone);
  const { form, onSubmit, pending } = useActionForm({
    schema: advanceSchema,
    defaultValues: { professionalId: professional.id, amount: "", date: todayInBusiness(), reason: "" },
    action: (values) => save({ ...values, businessId }),
    success: { title: S.advanceSaved },
    error: S.advanceError,
    onSuccess: done,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={S.advance} description={S.advanceDescription(professional.name)} />
      <TextField name="amount" label={S.amount} inputMode="decimal" autoComplete="off" placeholder="0,00" autoFocus />
      <TextField name="date" label={S.date} type="date" />
      <TextField name="reason" label={S.reason} maxLength={150} placeholder="Ex.: adiantamento da semana" />
      <DialogActions pending={pending} onCancel={onDone}>{S.advance}</DialogActions>
    </Form>
  );
}

export function PayoutDialog({ professional, period, due, ...props }: DialogProps & { professional: Pro; period: { from: string; to: string }; due: number }) {
  return (
    <FormDialog open={props.open} onOpenChange={(o) => !o && props.onDone()}>
      {props.open && <PayoutForm professional={professional} period={period} due={due} businessId={props.businessId} onDone={props.onDone} />}
    </FormDialog>
  );
}

function PayoutForm({ businessId, professional, period, due, onDone }: { businessId: string; professional: Pro; period: { from: string; to: string }; due: number; onDone: () => void }) {
  const save = useWrite(markPaidAction);
  const done = useDone(onDone);
  const { form, onSubmit, pending } = useActionForm({
    schema: payoutSchema,
    defaultValues: { professionalId: professional.id, period, paidOn: todayInBusiness() },
    action: (values) => save({ ...values, businessId }),
    success: { title: S.paidSaved },
    error: S.paidError,
    onSuccess: done,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader
        title={S.markPaid}
        description={S.markPaidDescription(professional.name, `${formatDate(period.from)} a ${formatDate(period.to)}`, formatCents(due))}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField name="period.from" label="De" type="date" />
        <TextField name="period.to" label="Até" type="date" />
      </div>
      <TextField name="paidOn" label={S.paidOnLabel} type="date" />
      <DialogActions pending={pending} onCancel={onDone}>{S.markPaid}</DialogActions>
    </Form>
  );
}

export function CardFeesDialog({ fees, ...props }: DialogProps & { fees: { debit: number; credit: number } }) {
  return (
    <FormDialog open={props.open} onOpenChange={(o) => !o && props.onDone()}>
      {props.open && <CardFeesForm fees={fees} businessId={props.businessId} onDone={props.onDone} />}
    </FormDialog>
  );
}

function CardFeesForm({ businessId, fees, onDone }: { businessId: string; fees: { debit: number; credit: number }; onDone: () => void }) {
  const save = useWrite(setCardFeesAction);
  const done = useDone(onDone);
  const text = (bp: number) => rateInputText({ kind: "percent", rate: bp });
  const { form, onSubmit, pending } = useActionForm({
    schema: cardFeesSchema,
    defaultValues: { debit: text(fees.debit), credit: text(fees.credit) },
    action: (values) => save({ ...values, businessId }),
    success: { title: S.cardFeesSaved },
    error: S.cardFeesError,
    onSuccess: done,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={S.cardFees} description={S.cardFeesDescription} />
      <TextField name="debit" label={S.debitFee} inputMode="decimal" autoComplete="off" placeholder="0" autoFocus />
      <TextField name="credit" label={S.creditFee} inputMode="decimal" autoComplete="off" placeholder="0" />
      <DialogActions pending={pending} onCancel={onDone}>Salvar</DialogActions>
    </Form>
  );
}
