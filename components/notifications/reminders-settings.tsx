"use client";

import { Form, FormField, SubmitButton, SwitchField, useActionForm } from "@/components/form";
import { LazySelect } from "@/components/ui/lazy-select";
import { saveReminderSettingsAction } from "@/lib/notifications/actions";
import { LEAD_OPTIONS, leadLabel, NOTIFICATION_MESSAGES as MSG } from "@/lib/notifications/messages";
import type { ReminderSettingsFields } from "@/lib/notifications/schemas";

const NONE = "nenhum";
/** A saved value outside the list still shows. */
const withValue = (v: number | null) => (v === null || (LEAD_OPTIONS as readonly number[]).includes(v) ? [...LEAD_OPTIONS] : [...LEAD_OPTIONS, v].sort((a, b) => a - b));

export function RemindersSettings({ businessId, settings, whatsAppConfigured }: { businessId: string; settings: ReminderSettingsFields; whatsAppConfigured: boolean }) {
  const { form, onSubmit, pending } = useActionForm({
    schema: () => import("@/lib/notifications/schemas").then((m) => m.reminderSettingsSchema),
    defaultValues: settings,
    action: (values) => saveReminderSettingsAction({ ...values, businessId }),
    error: MSG.saveError,
    success: (): { title: string; description: string } => ({
      title: MSG.saved,
      description: form.getValues("remindersEnabled") ? "Os próximos agendamentos recebem lembretes." : "Nenhum lembrete será enviado aos clientes.",
    }),
    onSuccess: (_r, values) => form.reset(values),
  });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Lembretes" className="content-start">
      <SwitchField name="remindersEnabled" label="Enviar lembretes aos clientes" hint="Para agendamentos pendentes e confirmados." disabled={pending} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="firstLead"
          label="Primeiro lembrete"
          render={(field, a11y) => (
            <LazySelect
              {...a11y}
              value={String(field.value)}
              onValueChange={(v) => field.onChange(Number(v))}
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
              onValueChange={(v) => field.onChange(v === NONE ? null : Number(v))}
              disabled={pending}
              options={[{ value: NONE, label: "Nenhum" }, ...withValue(settings.secondLead ?? null).map((m) => ({ value: String(m), label: leadLabel(m) }))]}
            />
          )}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Canais</legend>
        <SwitchField name="email" label="E-mail" hint="Para clientes com e-mail cadastrado." disabled={pending} />
        <SwitchField
          name="whatsapp"
          label="WhatsApp"
          hint={whatsAppConfigured ? "Para clientes com celular cadastrado." : "O WhatsApp não está configurado neste servidor (veja o README)."}
          disabled={pending || (!whatsAppConfigured && !settings.whatsapp)}
        />
      </fieldset>
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
