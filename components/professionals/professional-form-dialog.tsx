"use client";

import { useController, useFormContext, useWatch } from "react-hook-form";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, SwitchField, TextField, useActionForm } from "@/components/form";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { FieldError } from "@/components/ui/label";
import { formatDuration } from "@/lib/core/format/duration";
import { formatBRL, parsePriceInput, sanitizePriceInput } from "@/lib/core/format/money";
import { createProfessionalAction, updateProfessionalAction } from "@/lib/professionals/actions";
import type { ProfessionalRow, ServiceChoice } from "@/lib/professionals/queries";
import { PROFESSIONAL_MESSAGES as MSG } from "@/lib/professionals/messages";
import { professionalFieldsSchema, type ProfessionalFields } from "@/lib/professionals/schemas";
import { PhotoPicker } from "./photo-picker";

type Props = {
  businessId: string;
  professional: ProfessionalRow | null;
  services: ServiceChoice[] | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** New / edit professional: details, photo, and a checkbox with a price for each service of the business. */
export function ProfessionalFormDialog({ businessId, professional, services, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-2xl">
      <ProfessionalForm businessId={businessId} professional={professional} services={services} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** "45.50" (database) → "45,50" (as a person types it). */
const typedPrice = (price: string | null) => (price === null ? "" : price.replace(".", ","));

function ProfessionalForm({ businessId, professional: p, services, onDone }: Omit<Props, "open" | "onOpenChange"> & { onDone: () => void }) {
  const create = useWrite(createProfessionalAction);
  const update = useWrite(updateProfessionalAction);
  const offered = new Map(p?.offers.map((o) => [o.serviceId, o.price]) ?? []);
  const { form, onSubmit, pending } = useActionForm({
    schema: professionalFieldsSchema,
    defaultValues: {
      name: p?.name ?? "",
      email: p?.email ?? "",
      phone: p?.phone ?? "",
      bio: p?.bio ?? "",
      active: p?.active ?? true,
      offers: (services ?? []).map((s) => ({ serviceId: s.id, offered: offered.has(s.id), price: typedPrice(offered.get(s.id) ?? null) })),
      photo: null,
      removePhoto: false,
    },
    action: (values) => (p ? update({ ...values, id: p.id, businessId }) : create({ ...values, businessId })),
    success: (r) => ({
      title: p ? MSG.updated : MSG.created,
      description: r.photoError ? `${MSG.photoNotSaved}: ${r.photoError}` : undefined,
    }),
    error: MSG.saveError,
    onSuccess: onDone,
  });
  const name = useWatch({ control: form.control, name: "name" });
  const removePhoto = useWatch({ control: form.control, name: "removePhoto" });

  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={p ? "Editar Profissional" : "Novo Profissional"} description={p ? "Altere os dados, os serviços e os preços." : "Cadastre quem atende, os serviços que faz e o preço de cada um."} />
      <PhotoPicker
        name={name}
        current={p?.avatarUrl ?? null}
        removed={!!removePhoto}
        disabled={pending}
        onPick={(file) => {
          form.setValue("photo", file);
          form.setValue("removePhoto", false);
        }}
        onRemove={() => {
          form.setValue("photo", null);
          form.setValue("removePhoto", true);
        }}
      />
      <TextField name="name" label="Nome *" autoComplete="off" placeholder="Nome do profissional" autoFocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="off" placeholder="profissional@email.com" />
        <TextField name="phone" label="Telefone" type="tel" inputMode="tel" autoComplete="off" placeholder="(11) 99999-9999" />
      </div>
      <TextField name="bio" label="Bio" multiline placeholder="Especialidades, experiência…" />
      <SwitchField name="active" label="Ativo" hint="Inativos não recebem agendamentos." disabled={pending} />
      <OffersField services={services} disabled={pending} />
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}

function OffersField({ services, disabled }: { services: ServiceChoice[] | null; disabled: boolean }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Serviços e preços</legend>
      {services === null ? (
        <FieldError>{MSG.servicesLoadError}</FieldError>
      ) : services.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum serviço cadastrado. Cadastre os serviços em Serviços.</p>
      ) : (
        <ul className="grid divide-y rounded-lg border">
          {services.map((s, i) => (
            <OfferRow key={s.id} index={i} service={s} disabled={disabled} />
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function OfferRow({ index, service, disabled }: { index: number; service: ServiceChoice; disabled: boolean }) {
  const { control, formState } = useFormContext<ProfessionalFields>();
  const checked = useController({ control, name: `offers.${index}.offered` });
  const price = useController({ control, name: `offers.${index}.price` });
  const error = formState.errors.offers?.[index]?.price?.message;
  const id = `offer-${service.id}`;
  const value = price.field.value ?? "";
  const parsed = parsePriceInput(value);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
      <Checkbox
        id={id}
        checked={!!checked.field.value}
        onCheckedChange={(v) => checked.field.onChange(v === true)}
        disabled={disabled}
      />
      <label htmlFor={id} className="min-w-0 flex-1 text-sm">
        <span className="font-medium">{service.name}</span>
        {service.durationMinutes ? <span className="text-muted-foreground"> · {formatDuration(service.durationMinutes)}</span> : null}
      </label>
      <div className="flex w-full items-center gap-2 pl-7 sm:w-auto sm:pl-0">
        <div className="relative w-full sm:w-32">
          <span aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">
            R$
          </span>
          <Input
            aria-label={`Preço de ${service.name}`}
            aria-invalid={error ? true : undefined}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            className="pl-9 tabular-nums"
            disabled={disabled || !checked.field.value}
            value={value}
            onChange={(e) => price.field.onChange(sanitizePriceInput(e.target.value))}
            onBlur={price.field.onBlur}
          />
        </div>
      </div>
      {checked.field.value && (error || parsed === null || formatBRL(parsed) !== `R$ ${value}`) ? (
        <p className="w-full pl-7 text-xs text-muted-foreground" aria-live="polite">
          {error ? <span className="text-destructive">{error}</span> : parsed === null ? "Sem preço" : `Será salvo como ${formatBRL(parsed)}`}
        </p>
      ) : null}
    </li>
  );
}
