"use client";

import { useId } from "react";
import { useController, useFormContext, useWatch } from "react-hook-form";
import { useWrite } from "@/components/live/use-write";
import { Form, FormDialog, FormDialogHeader, FormField, SubmitButton, SwitchField, useActionForm } from "@/components/form";
import { FieldError } from "@/components/ui/label";
import { LazySelect } from "@/components/ui/lazy-select";
import { saveReminderSettingsAction } from "@/lib/notifications/actions";
import { LEAD_OPTIONS, leadLabel, noCancelLinkText, NOTIFICATION_MESSAGES as MSG } from "@/lib/notifications/messages";
import type { ReminderSettingsFields } from "@/lib/notifications/schemas";
import { NoCancelLinkNote } from "./no-cancel-link-note";

const NONE = "nenhum";
const LEADS = ["firstLead", "secondLead"] as const;
const CHANNELS = ["email", "whatsapp"] as const;
/** A saved value outside the list still shows. */
const withValue = (v: number | null) => (v === null || (LEAD_OPTIONS as readonly number[]).includes(v) ? [...LEAD_OPTIONS] : [...LEAD_OPTIONS, v].sort((a, b) => a - b));

/** `cancelNoticeHours`: the online booking's cancel notice, which decides the reminders without a cancel link. */
type Props = { businessId: string; settings: ReminderSettingsFields; cancelNoticeHours: number; whatsAppConfigured: boolean };

/** 'Editar lembretes': the card's form in a dialog (its code loads once Meus Dados is idle). */
export function RemindersDialog({ open, onOpenChange, ...props }: Props & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
      <FormDialogHeader title="Lembretes" description="Lembretes aos clientes, avisos aos proprietários e o seu resumo do dia." />
      <RemindersSettings {...props} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function RemindersSettings({ businessId, settings, cancelNoticeHours, whatsAppConfigured, onDone }: Props & { onDone: () => void }) {
  const save = useWrite(saveReminderSettingsAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: () => import("@/lib/notifications/schemas").then((m) => m.reminderSettingsSchema),
    defaultValues: settings,
    action: (values) => save({ ...values, businessId }),
    error: MSG.saveError,
    success: (): { title: string; description: string } => ({
      title: MSG.saved,
      description: form.getValues("remindersEnabled") ? "Os próximos agendamentos recebem lembretes." : "Nenhum lembrete será enviado aos clientes.",
    }),
    onSuccess: () => onDone(),
  });
  // The two rules between fields (different leads, a channel) each sit on one field, and a select
  // never reports a blur: a change of either field checks both at once, so the problem (or its fix)
  // shows as it is made, not only at 'Salvar'.
  const recheck = (names: readonly (keyof ReminderSettingsFields)[]) => void form.trigger([...names]);
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Lembretes">
      <SwitchField name="remindersEnabled" label="Enviar lembretes aos clientes" hint="Para agendamentos pendentes e confirmados." disabled={pending} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="firstLead"
          label="Primeiro lembrete"
          render={(field, a11y) => (
            <LazySelect
              {...a11y}
              value={String(field.value)}
              onValueChange={(v) => {
                field.onChange(Number(v));
                recheck(LEADS);
              }}
              disabled={pending}
              options={withValue(settings.firstLead).map((m) => ({ value: String(m), label: leadLabel(m) }))}
            />
          )}
        />
        <FormField
          name="secondLead"
          label="Segundo lembrete"
          render={(field, a11y) => (
            <LazySelect
              {...a11y}
              value={field.value === null || field.value === undefined ? NONE : String(field.value)}
              onValueChange={(v) => {
                field.onChange(v === NONE ? null : Number(v));
                recheck(LEADS);
              }}
              disabled={pending}
              options={[{ value: NONE, label: "Nenhum" }, ...withValue(settings.secondLead ?? null).map((m) => ({ value: String(m), label: leadLabel(m) }))]}
            />
          )}
        />
      </div>
      <NoCancelLink cancelNoticeHours={cancelNoticeHours} />
      <Channels whatsAppConfigured={whatsAppConfigured} savedWhatsApp={settings.whatsapp} disabled={pending} onToggle={recheck} />
      <SwitchField
        name="clientChangeMessages"
        label="Avisar o cliente quando o salão marcar, mudar ou cancelar um horário"
        hint="Uma mensagem com o novo dia e horário, alguns minutos depois da última mudança: por e-mail e, com o canal WhatsApp, também por WhatsApp."
        disabled={pending}
      />
      <SwitchField
        name="ownerEmails"
        label="Avisar por e-mail sobre agendamentos online, confirmações e cancelamentos de clientes"
        hint="Vai para os proprietários e administradores do negócio."
        disabled={pending}
      />
      <SwitchField name="dailySummary" label="Resumo do dia às 07:00 por e-mail" hint="Só para você: os agendamentos do dia e os pendentes." disabled={pending} />
      <div>
        <SubmitButton pending={pending} pendingText="Salvando...">Salvar</SubmitButton>
      </div>
    </Form>
  );
}

/** The lead times being picked that will have no 'Preciso cancelar', said as they are picked. */
function NoCancelLink({ cancelNoticeHours }: { cancelNoticeHours: number }) {
  const picked = useWatch<ReminderSettingsFields, ["firstLead", "secondLead"]>({ name: ["firstLead", "secondLead"] });
  const leads = picked.filter((m): m is number => typeof m === "number");
  const text = noCancelLinkText(leads, cancelNoticeHours);
  return text ? <NoCancelLinkNote text={text} testId="reminders-dialog-no-cancel-link" /> : null;
}

/**
 * 'Canais': a checkbox each, and the one error of the pair ('Escolha pelo menos um canal.', or the
 * server's refusal of WhatsApp) under both. Native boxes: this card is on the page's first load,
 * the dialogs' Radix checkbox is not.
 */
function Channels({ whatsAppConfigured, savedWhatsApp, disabled, onToggle }: {
  whatsAppConfigured: boolean; savedWhatsApp: boolean; disabled: boolean; onToggle: (names: typeof CHANNELS) => void;
}) {
  const id = `canais-${useId().replace(/:/g, "")}`;
  const { formState } = useFormContext<ReminderSettingsFields>();
  const error = formState.errors.email?.message ?? formState.errors.whatsapp?.message;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Canais</legend>
      <ChannelBox name="email" label="E-mail" hint="Para clientes com e-mail cadastrado." invalid={!!error} disabled={disabled} onToggle={onToggle} />
      <ChannelBox
        name="whatsapp"
        label="WhatsApp"
        hint={whatsAppConfigured ? "Para clientes com celular cadastrado." : "Indisponível: o WhatsApp não está configurado neste servidor."}
        invalid={!!error}
        // Not configured: it can still be unticked if a past setting left it on.
        disabled={disabled || (!whatsAppConfigured && !savedWhatsApp)}
        onToggle={onToggle}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

function ChannelBox({ name, label, hint, invalid, disabled, onToggle }: {
  name: (typeof CHANNELS)[number]; label: string; hint: string; invalid: boolean; disabled: boolean; onToggle: (names: typeof CHANNELS) => void;
}) {
  const { field } = useController<ReminderSettingsFields, typeof name>({ name });
  const id = `${name}-${useId().replace(/:/g, "")}`;
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:disabled]:cursor-not-allowed">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={!!field.value}
        onChange={(e) => {
          field.onChange(e.target.checked);
          onToggle(CHANNELS);
        }}
        onBlur={field.onBlur}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-primary disabled:opacity-50"
      />
      <span className="grid gap-1">
        <span className="text-sm font-medium leading-none">{label}</span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </span>
    </label>
  );
}
