"use client";

import { AlertTriangle, Plus, Trash2, Wallet } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, get, useFieldArray, useFormContext, useWatch, type DeepPartialSkipArrayKey, type UseFormReturn } from "react-hook-form";
import { Form, FormField, SubmitButton, TextField, useActionForm } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldError } from "@/components/ui/label";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { preloadable } from "@/components/ui/preloadable";
import { OptionsSelect, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { saveComandaAction } from "@/lib/comandas/actions";
import { COMANDA_MESSAGES as M, COMANDA_SCREEN as S } from "@/lib/comandas/messages";
import type { Comanda, ComandaOptions, ComandaScreen } from "@/lib/comandas/queries";
import type { SaveComandaInput } from "@/lib/comandas/schemas";
import { billFigures } from "@/lib/comandas/rules/totals";
import { centsInputText, formatCents } from "@/lib/core/format/money";
import { cn } from "@/lib/cn";
import { ComandaPix } from "./comanda-pix";
import { Figures } from "./figures";
import { typedBill, valuesOf, type ComandaValues, type LineValues } from "./typed";

// The close dialog (payments, zod) loads once the page is idle, not with it.
const CloseDialog = preloadable(() => import("./close-dialog").then((m) => m.CloseDialog), { whenIdle: true });

// The form is on the page's first load: its schema (and zod) load at the first validation.
const schema = () => import("@/lib/comandas/schemas").then((m) => m.saveComandaSchema);

type Props = {
  businessId: string;
  owner: boolean;
  data: ComandaScreen & { comanda: Comanda };
  /** Reads the comanda again (after another device's save refused ours). */
  revalidate: () => Promise<unknown>;
};

const money = { inputMode: "decimal" as const, autoComplete: "off", placeholder: "0,00" };
const NONE = "none";

/**
 * The open comanda: its lines (service or product, professional, quantity, price, discount), the
 * discount on the whole, tips per professional and the figures as typed; 'Salvar comanda' on the
 * version shown (another device's save in between is refused, and what was typed stays);
 * 'Fechar comanda' once everything is saved.
 */
export function ComandaEditor({ businessId, owner, data, revalidate }: Props) {
  const k = data.comanda;
  const save = useWrite(saveComandaAction);
  const [closing, setClosing] = useState(false);
  const closeLoaded = useOpenedOnce(closing);
  // Refused as saved elsewhere meanwhile: the next version read is the one the next save names.
  const refusedStale = useRef(false);
  const latest = useRef(k);
  const { form, onSubmit, pending } = useActionForm({
    schema,
    defaultValues: valuesOf(k),
    action: (values) => save({ ...values, businessId }),
    success: { title: M.saved },
    error: M.saveError,
    // What was saved is the new starting point (on the new version): 'Fechar comanda' can follow.
    onSuccess: (result, values) => form.reset({ ...values, version: result.version }),
    onFailure: (failure) => {
      if (failure.description !== M.stale) return;
      refusedStale.current = true;
      adoptStoredVersion(form, refusedStale, latest.current);
      void revalidate();
    },
  });
  const { isDirty } = form.formState;

  // Another device's save, or the read after ours: followed while nothing here is unsaved. With
  // unsaved changes, what was typed stays; after a refusal for a stale version, the next save names
  // the version now stored (the person was told to check the values), never silently before.
  useEffect(() => {
    latest.current = k;
    if (!form.formState.isDirty) form.reset(valuesOf(k));
    else adoptStoredVersion(form, refusedStale, k);
  }, [k, form]);
  const changedElsewhere = isDirty && k.version > form.getValues("version");

  const lines = useFieldArray({ control: form.control, name: "lines" });
  const tips = useFieldArray({ control: form.control, name: "tips" });
  const typed = useWatch({ control: form.control });
  const figures = useMemo(() => billFigures(typedBill(typed as DeepPartialSkipArrayKey<ComandaValues>)), [typed]);
  const professionals = data.options.professionals;
  const proOptions = useMemo(() => [{ value: NONE, label: M.noProfessional }, ...professionals.map((p) => ({ value: p.id, label: p.name }))], [professionals]);
  // Who the visit is with: a new product line or tip starts with them.
  const lead = (typed.lines ?? []).find((l) => l?.professionalId)?.professionalId ?? "";

  function addService(serviceId: string) {
    const s = data.options.services.find((x) => x.id === serviceId);
    if (!s) return;
    const offers = (id: string) => id in s.prices;
    const pro = lead && offers(lead) ? lead : (professionals.find((p) => offers(p.id))?.id ?? "");
    lines.append(line({ kind: "service", serviceId: s.id, name: s.name, professionalId: pro, unitPrice: centsInputText(pro ? s.prices[pro] : null) }));
  }
  function addProduct(productId: string) {
    const p = data.options.products.find((x) => x.id === productId);
    if (!p) return;
    lines.append(line({ kind: "product", productId: p.id, name: p.name, professionalId: lead, unitPrice: centsInputText(p.priceCents) }));
  }
  const canClose = !isDirty && k.lines.length > 0;
  const closeHint = isDirty ? S.unsaved : k.lines.length === 0 ? M.emptyComanda : null;

  return (
    <>
      <Form form={form} onSubmit={onSubmit} className="grid gap-6" aria-label={M.comanda}>
        <Card>
          <CardHeader>
            <CardTitle>{M.lines}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {lines.fields.length === 0 ? (
              <p className="text-sm text-muted-foreground">{M.noLines}</p>
            ) : (
              <ul className="grid gap-3" aria-label={M.lines}>
                {lines.fields.map((f, i) => (
                  <li key={f.id}>
                    <LineFields
                      index={i}
                      options={data.options}
                      proOptions={proOptions}
                      net={figures.lines[i]?.net ?? 0}
                      onRemove={() => lines.remove(i)}
                    />
                  </li>
                ))}
              </ul>
            )}
            <div className="grid gap-2 sm:grid-cols-2">
              <AddSelect label={M.addService} items={data.options.services.map((s) => ({ value: s.id, label: s.name }))} onPick={addService} />
              <AddSelect
                label={M.addProduct}
                items={data.options.products.map((p) => ({ value: p.id, label: `${p.name} · ${formatCents(p.priceCents)} · ${S.inStock(p.stock)}`, disabled: p.stock <= 0 }))}
                onPick={addProduct}
              />
            </div>
            </CardContent>
        </Card>
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <Card>
            <CardHeader>
              <CardTitle>{M.tips}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {tips.fields.length > 0 && (
                <ul className="grid gap-3" aria-label={M.tips}>
                  {tips.fields.map((f, i) => (
                    <li key={f.id} className="grid grid-cols-[minmax(0,1fr)_7rem_auto] items-end gap-2">
                      <FormField
                        name={`tips.${i}.professionalId`}
                        label={<span className={cn(i > 0 && "sm:sr-only")}>{M.professional}</span>}
                        render={(field, a11y) => (
                          <OptionsSelect value={(field.value as string) || undefined} onValueChange={field.onChange} options={proOptions.slice(1)} triggerProps={a11y} />
                        )}
                      />
                      <TextField name={`tips.${i}.amount`} label={<span className={cn(i > 0 && "sm:sr-only")}>{M.amount}</span>} {...money} />
                      <Button type="button" variant="ghost" size="icon" aria-label={S.removeTip} onClick={() => tips.remove(i)}>
                        <Trash2 aria-hidden />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <div>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => tips.append({ professionalId: lead || (professionals[0]?.id ?? ""), amount: "" })}
                  disabled={professionals.length === 0}
                >
                  <Plus aria-hidden />
                  {M.addTip}
                </Button>
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="grid gap-4 pt-6">
              <DiscountFields prefix="" label={M.wholeDiscount} />
              <Figures figures={figures} />
              <div className="grid gap-2">
                <SubmitButton pending={pending} pendingText={S.saving} disabled={!isDirty}>
                  {M.save}
                </SubmitButton>
                {isDirty && (
                  <Button type="button" variant="ghost" onClick={() => form.reset(valuesOf(k))} disabled={pending}>
                    {S.discard}
                  </Button>
                )}
                <Button type="button" variant="secondary" onClick={() => setClosing(true)} disabled={!canClose} aria-describedby={closeHint ? "close-hint" : undefined}>
                  <Wallet aria-hidden />
                  {M.close}
                </Button>
                {closeHint && (
                  <p id="close-hint" className="text-xs text-muted-foreground">
                    {closeHint}
                  </p>
                )}
              </div>
              <ComandaPix
                businessId={businessId}
                owner={owner}
                comandaId={k.id}
                open
                totalCents={k.figures.total}
                pix={data.pix}
                charges={data.pixCharges}
              />
              {changedElsewhere && (
                <Alert className="border-warning bg-warning/15 text-foreground">
                  <AlertTriangle aria-hidden />
                  <AlertDescription>{M.stale}</AlertDescription>
                </Alert>
              )}
              {!data.registerOpen && (
                <Alert className="border-warning bg-warning/15 text-foreground">
                  <AlertTriangle aria-hidden />
                  <AlertDescription>{M.registerNeeded}</AlertDescription>
                </Alert>
              )}
            </CardContent>
          </Card>
        </div>
      </Form>
      {closeLoaded && (
        <CloseDialog
          businessId={businessId}
          owner={owner}
          comanda={k}
          professionals={professionals}
          registerOpen={data.registerOpen}
          clientBalance={data.clientBalance}
          pixPaid={data.pixCharges.filter((c) => c.status === "paid")}
          open={closing}
          onOpenChange={setClosing}
        />
      )}
    </>
  );
}

/** After a refusal for a stale version: the next save names the version stored now (once it is read). */
function adoptStoredVersion(form: UseFormReturn<SaveComandaInput, unknown, unknown>, refusedStale: { current: boolean }, stored: Comanda) {
  if (!refusedStale.current || stored.version <= form.getValues("version")) return;
  form.setValue("version", stored.version);
  refusedStale.current = false;
}

function line(l: Partial<LineValues> & Pick<LineValues, "kind" | "name">): LineValues {
  return { serviceId: "", productId: "", professionalId: "", quantity: "1", unitPrice: "", discountKind: "none", discountValue: "", ...l };
}

/** One line's fields: stacked two by two on a phone, one row on a wide screen (the labels then said once, above the first). */
function LineFields({
  index: i,
  options,
  proOptions,
  net,
  onRemove,
}: {
  index: number;
  options: ComandaOptions;
  proOptions: { value: string; label: string }[];
  net: number;
  onRemove: () => void;
}) {
  const { control, getValues, setValue } = useFormContext<ComandaValues>();
  const [kind, name] = useWatch({ control, name: [`lines.${i}.kind`, `lines.${i}.name`] });
  const label = (text: string) => <span className={cn(i > 0 && "xl:sr-only")}>{text}</span>;
  const service = kind === "service" ? options.services.find((s) => s.id === getValues(`lines.${i}.serviceId`)) : undefined;
  return (
    <fieldset className="grid grid-cols-2 items-end gap-3 rounded-md border p-3 sm:grid-cols-4 xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_4rem_6.5rem_16rem_6rem_auto] xl:gap-2 xl:border-0 xl:p-0">
      <legend className="sr-only">{name || (kind === "service" ? M.service : M.product)}</legend>
      <div className="col-span-2 xl:col-span-1">
        <TextField name={`lines.${i}.name`} label={label(kind === "service" ? M.service : M.product)} autoComplete="off" maxLength={120} />
      </div>
      <div className="col-span-2 xl:col-span-1">
        <FormField
          name={`lines.${i}.professionalId`}
          label={label(M.professional)}
          render={(field, a11y) => (
            <OptionsSelect
              value={(field.value as string) || NONE}
              onValueChange={(v) => {
                const next = v === NONE ? "" : v;
                // A service's price follows its professional's, unless it was typed by hand.
                if (service) {
                  const was = centsInputText(service.prices[field.value as string] ?? null);
                  if (getValues(`lines.${i}.unitPrice`) === was && next in service.prices) {
                    setValue(`lines.${i}.unitPrice`, centsInputText(service.prices[next]), { shouldDirty: true });
                  }
                }
                field.onChange(next);
              }}
              options={proOptions}
              triggerProps={a11y}
            />
          )}
        />
      </div>
      <TextField name={`lines.${i}.quantity`} label={label(M.quantity)} inputMode="numeric" autoComplete="off" />
      <TextField name={`lines.${i}.unitPrice`} label={label(M.unitPrice)} {...money} />
      <div className="col-span-2 xl:col-span-1">
        <DiscountFields prefix={`lines.${i}.`} label={label(M.discount)} />
      </div>
      <div className="flex items-end justify-between gap-2 max-xl:col-span-2 max-sm:col-span-2 sm:max-xl:col-span-4 xl:contents">
        <p className="grid gap-2 text-sm xl:text-right">
          <span className={cn("text-sm font-medium leading-none", i > 0 && "xl:sr-only")}>{S.lineTotal}</span>
          <span className="flex h-10 items-center font-semibold tabular-nums xl:justify-end" data-testid="line-total">
            {formatCents(net)}
          </span>
        </p>
        <Button type="button" variant="ghost" size="icon" aria-label={S.removeLine(name)} onClick={onRemove}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * A discount: its kind (none, R$ or %) and its value, under one label. Typing a value while there is
 * no kind makes it R$.
 */
function DiscountFields({ prefix, label }: { prefix: "" | `lines.${number}.`; label: React.ReactNode }) {
  const { control, register, setValue, getValues, formState } = useFormContext<ComandaValues>();
  const kindName = `${prefix}discountKind` as "discountKind";
  const valueName = `${prefix}discountValue` as "discountValue";
  const kind = useWatch({ control, name: kindName });
  const id = useId();
  const error = (get(formState.errors, valueName) as { message?: string } | undefined)?.message;
  const kinds = [
    { value: "none", label: S.noDiscount },
    { value: "amount", label: M.discountAmount },
    { value: "percent", label: M.discountPercent },
  ];
  const value = register(valueName);
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium leading-none">{label}</span>
      <div className="grid grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] gap-2 xl:grid-cols-[9.5rem_minmax(0,1fr)]">
        <Controller
          control={control}
          name={kindName}
          render={({ field }) => (
            <OptionsSelect value={field.value} onValueChange={field.onChange} options={kinds} triggerProps={{ "aria-label": S.discountKind }} />
          )}
        />
        <Input
          {...value}
          onChange={(e) => {
            if (getValues(kindName) === "none" && e.target.value.trim()) setValue(kindName, "amount", { shouldDirty: true });
            return value.onChange(e);
          }}
          aria-label={S.discountValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          inputMode="decimal"
          autoComplete="off"
          placeholder={kind === "percent" ? "0 %" : "0,00"}
          disabled={formState.isSubmitting}
        />
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** 'Adicionar serviço' / 'Adicionar produto': a list whose choice adds a line (and goes back to its label). */
function AddSelect({ label, items, onPick }: { label: string; items: { value: string; label: string; disabled?: boolean }[]; onPick: (id: string) => void }) {
  return (
    <Select value="" onValueChange={onPick} disabled={items.length === 0}>
      <SelectTrigger aria-label={label} className="w-full">
        <span className="flex items-center gap-2">
          <Plus aria-hidden className="size-4" />
          <SelectValue placeholder={label} />
        </span>
      </SelectTrigger>
      <SelectContent>
        {items.map((o) => (
          <SelectItem key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
