"use client";

import { AlertTriangle, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { DialogActions, Form, FormDialog, FormDialogHeader, FormField, SelectField, TextField, useActionForm } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { OptionsSelect } from "@/components/ui/select";
import { closeComandaAction } from "@/lib/comandas/actions";
import { CARD_BRANDS, COMANDA_MESSAGES as M, COMANDA_SCREEN as S } from "@/lib/comandas/messages";
import type { Comanda } from "@/lib/comandas/queries";
import { PAYMENT_METHODS, settlement, type PaymentMethod } from "@/lib/comandas/rules/totals";
import { closeComandaSchema, type CloseComandaInput } from "@/lib/comandas/schemas";
import { centsInputText, formatCents } from "@/lib/core/format/money";
import { PIX_SCREEN as P } from "@/lib/pix/screen-messages";
import { cn } from "@/lib/cn";
import { typedCents } from "./typed";

type Props = {
  businessId: string;
  owner: boolean;
  comanda: Comanda;
  professionals: { id: string; name: string }[];
  registerOpen: boolean;
  /** The client's balance (credit above zero, debt below); null: no client. */
  clientBalance: number | null;
  /** The comanda's paid Pix charges: the close takes them as Pix payments by itself. */
  pixPaid: readonly { id: string; amountCents: number }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'Fechar comanda': the payments, live 'Total / Pago / Falta / Troco', and what becomes of the change. */
export function CloseDialog({ open, onOpenChange, ...props }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-xl">
      <CloseForm {...props} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type Payment = { method: PaymentMethod; amount: string; cardBrand: string; instalments: string };

const money = { inputMode: "decimal" as const, autoComplete: "off", placeholder: "0,00" };
const INSTALMENTS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: S.instalmentsN(i + 1) }));
const BRANDS = CARD_BRANDS.map((b) => ({ value: b, label: b }));

function CloseForm({ businessId, owner, comanda: k, professionals, registerOpen, clientBalance, pixPaid, onDone }: Omit<Props, "open" | "onOpenChange"> & { onDone: () => void }) {
  const close = useWrite(closeComandaAction);
  const total = k.figures.total;
  // What the Pix charges paid already: fixed lines, and the payments typed are the rest.
  const pixCents = pixPaid.reduce((a, p) => a + p.amountCents, 0);
  const rest = Math.max(0, total - pixCents);
  // The change kept as a tip goes, unless changed, to the first professional on the comanda.
  const lead = k.lines.find((l) => l.professionalId)?.professionalId ?? professionals[0]?.id ?? "";
  const [keepChange, setKeepChange] = useState(false);
  const { form, onSubmit, pending } = useActionForm({
    schema: closeComandaSchema,
    defaultValues: {
      id: k.id,
      version: k.version,
      payments: rest > 0 || pixPaid.length === 0 ? [{ method: "cash", amount: centsInputText(rest), cardBrand: "", instalments: "1" }] : [],
      changeTipTo: lead,
    },
    action: (values: CloseComandaInput) => close({ ...values, changeTipTo: keepChange ? values.changeTipTo : null, businessId }),
    success: (r) => ({ title: M.closed, description: r.changeCents > 0 ? `${M.change}: ${formatCents(r.changeCents)}` : undefined }),
    error: M.closeError,
    onSuccess: onDone,
  });
  const payments = useFieldArray({ control: form.control, name: "payments" });
  const typed = (useWatch({ control: form.control, name: "payments" }) ?? []) as Partial<Payment>[];
  const s = settlement(total, [
    ...pixPaid.map((p) => ({ method: "pix" as const, cents: p.amountCents })),
    ...typed.map((p) => ({ method: p.method ?? "cash", cents: typedCents(p.amount) })),
  ]);
  const methods = (Object.keys(PAYMENT_METHODS) as PaymentMethod[]).filter(
    (m) => (m !== "client_credit" || clientBalance !== null) && (m !== "debt" || (owner && clientBalance !== null)),
  );
  const methodOptions = methods.map((m) => ({ value: m, label: PAYMENT_METHODS[m] }));
  const proOptions = professionals.map((p) => ({ value: p.id, label: p.name }));
  const choiceId = useId();

  function addPayment() {
    const used = new Set(typed.map((p) => p.method));
    const method = (["cash", "pix", "debit", "credit"] as const).find((m) => !used.has(m)) ?? "pix";
    payments.append({ method, amount: s.due ? centsInputText(s.due) : "", cardBrand: "", instalments: "1" });
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={M.close} description={S.closeDescription} />
      {!registerOpen && (
        <Alert className="border-warning bg-warning/15 text-foreground">
          <AlertTriangle aria-hidden />
          <AlertDescription>{M.registerNeeded}</AlertDescription>
        </Alert>
      )}
      <ul className="grid gap-3" aria-label={M.payments}>
        {pixPaid.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-4 rounded-md border bg-muted/40 p-3 text-sm" data-testid="pix-received">
            <span className="font-medium">{P.received}</span>
            <span className="font-semibold tabular-nums">{formatCents(p.amountCents)}</span>
          </li>
        ))}
        {payments.fields.map((f, i) => {
          const method = typed[i]?.method;
          const card = method === "debit" || method === "credit";
          return (
            <li key={f.id}>
              <fieldset className="grid grid-cols-2 items-end gap-2 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_8rem_auto]">
                <legend className="sr-only">{S.paymentN(i + 1)}</legend>
                <div className="col-span-2 sm:col-span-1">
                  <SelectField name={`payments.${i}.method`} label={M.method} options={methodOptions} />
                </div>
                <TextField name={`payments.${i}.amount`} label={M.amount} {...money} />
                <div className="flex justify-end">
                  {(payments.fields.length > 1 || pixPaid.length > 0) && (
                    <Button type="button" variant="ghost" size="icon" aria-label={S.removePayment} onClick={() => payments.remove(i)}>
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                </div>
                {card && (
                  <div className={cn("col-span-2 grid gap-2 sm:col-span-3", method === "credit" && "grid-cols-2")}>
                    <FormField
                      name={`payments.${i}.cardBrand`}
                      label={M.cardBrand}
                      render={(field, a11y) => (
                        <OptionsSelect value={(field.value as string) || undefined} onValueChange={field.onChange} options={BRANDS} triggerProps={a11y} />
                      )}
                    />
                    {method === "credit" && <SelectField name={`payments.${i}.instalments`} label={M.instalments} options={INSTALMENTS} />}
                  </div>
                )}
                {method === "client_credit" && clientBalance !== null && (
                  <p className="col-span-2 text-xs text-muted-foreground sm:col-span-3">
                    {clientBalance >= 0 ? S.creditHint(formatCents(clientBalance)) : S.debtHint(formatCents(-clientBalance))}
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {payments.fields.length < 10 && (
        <div>
          <Button type="button" variant="outline" onClick={addPayment}>
            <Plus aria-hidden />
            {M.addPayment}
          </Button>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="settlement" aria-live="polite">
        {(
          [
            [M.total, total, false],
            [M.paid, s.paid, false],
            [M.due, s.due, s.due > 0],
            [M.change, s.change, false],
          ] as const
        ).map(([label, cents, warn]) => (
          <div key={label} className={cn("rounded-md border p-2", warn && "border-warning bg-warning/10")}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      {s.overpaidByOther > 0 && <p className="text-sm text-destructive">{M.overpaid(formatCents(s.overpaidByOther))}</p>}
      {s.change > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{`${S.changeChoice}: ${formatCents(s.change)}`}</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={`${choiceId}-change`} className="size-4 accent-primary" checked={!keepChange} onChange={() => setKeepChange(false)} />
            {M.changeBack}
          </label>
          <div className="grid gap-2 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name={`${choiceId}-change`} className="size-4 accent-primary" checked={keepChange} onChange={() => setKeepChange(true)} />
              {M.changeAsTip}
            </label>
            <FormField
              name="changeTipTo"
              label={<span className="sr-only">{M.changeAsTip}</span>}
              className="grid"
              render={(field, a11y) => (
                <OptionsSelect
                  value={(field.value as string) || undefined}
                  onValueChange={(v) => {
                    field.onChange(v);
                    setKeepChange(true);
                  }}
                  options={proOptions}
                  triggerProps={a11y}
                />
              )}
            />
          </div>
        </fieldset>
      )}
      <DialogActions pending={pending} pendingText={S.closing} onCancel={onDone}>
        {M.close}
      </DialogActions>
    </Form>
  );
}
