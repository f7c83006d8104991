"use client";

import { useRouter } from "next/navigation";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, SelectField, TextField, useActionForm } from "@/components/form";
import type { Rate } from "@/lib/comandas/rules/commissions";
import { setCommissionAction } from "@/lib/commissions/actions";
import { COMMISSION_MESSAGES as M, RATE_KIND_LABELS } from "@/lib/commissions/messages";
import type { CommissionRow } from "@/lib/commissions/queries";
import { rateInputText } from "@/lib/commissions/rates";
import { commissionSchema } from "@/lib/commissions/schemas";

const KINDS = [
  { value: "percent", label: RATE_KIND_LABELS.percent },
  { value: "fixed", label: RATE_KIND_LABELS.fixed },
] as const;
const BASES = [
  { value: "gross", label: M.baseGross },
  { value: "net_of_card_fee", label: M.baseNet },
] as const;

type Props = { businessId: string; row: CommissionRow | null; onDone: () => void };

export function CommissionDialog({ businessId, row, onDone }: Props) {
  return (
    <FormDialog open={row !== null} onOpenChange={(o) => !o && onDone()}>
      {row && <CommissionForm businessId={businessId} row={row} onDone={onDone} />}
    </FormDialog>
  );
}

const field = (rate: Rate | null | undefined) => ({ kind: rate?.kind ?? "percent", value: rate ? rateInputText(rate) : "" });

function CommissionForm({ businessId, row, onDone }: { businessId: string; row: CommissionRow; onDone: () => void }) {
  const save = useWrite(setCommissionAction);
  const router = useRouter();
  const { form, onSubmit, pending } = useActionForm({
    schema: commissionSchema,
    defaultValues: {
      professionalId: row.professionalId,
      services: field(row.rule?.services),
      products: field(row.rule?.products),
      base: row.rule?.base ?? "gross",
      overrides: row.services.map((s) => ({ serviceId: s.serviceId, rate: field(s.override) })),
    },
    action: (values) => save({ ...values, businessId }),
    success: { title: M.saved },
    error: M.saveError,
    onSuccess: () => {
      onDone();
      router.refresh();
    },
  });
  return (
    // One column no wider than the panel: a long select value is cut, not pushing the form past it.
    <Form form={form} onSubmit={onSubmit} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <FormDialogHeader title={M.edit(row.name)} description={M.editDescription} />
      <RateRow name="services" label={M.services} />
      <RateRow name="products" label={M.products} />
      <SelectField name="base" label={M.base} options={BASES} />
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-sm font-medium">{M.overrides}</legend>
        {row.services.length === 0 ? (
          <p className="text-sm text-muted-foreground">{M.noServices}</p>
        ) : (
          <>
            <p className="text-xs text-muted-foreground">{M.overridesHint}</p>
            {row.services.map((s, i) => (
              <RateRow key={s.serviceId} name={`overrides.${i}.rate`} label={s.name} />
            ))}
          </>
        )}
      </fieldset>
      <DialogActions pending={pending} onCancel={onDone}>Salvar</DialogActions>
    </Form>
  );
}

/** A rate: its value and, beside it, whether it is a % or R$ per item. */
function RateRow({ name, label }: { name: string; label: string }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,8.5rem)] items-end gap-2">
      <TextField name={`${name}.value`} label={label} inputMode="decimal" autoComplete="off" placeholder="0" />
      <SelectField name={`${name}.kind`} label={<span className="sr-only">{`${label}: tipo`}</span>} options={KINDS} />
    </div>
  );
}
