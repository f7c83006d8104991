"use client";

import { Download, ExternalLink } from "lucide-react";
import { useWrite } from "@/components/live/use-write";
import { Form, FormField, SubmitButton, TextField, useActionForm } from "@/components/form";
import { LazySelect } from "@/components/ui/lazy-select";
import { Switch } from "@/components/ui/switch";
import { saveOnlineSettingsAction } from "@/lib/online-booking/actions";
import { CANCEL_DEADLINE_OPTIONS, MAX_FUTURE_OPTIONS, ONLINE_MESSAGES as MSG } from "@/lib/online-booking/messages";
import type { OnlineSettingsFields } from "@/lib/online-booking/schemas";
import { foldSlug } from "@/lib/online-booking/slug";
import { CopyButton } from "./copy-button";

type Settings = { slug: string; enabled: boolean; cancelDeadlineHours: number; maxFutureBookings: number };

const hoursText = (h: number) => (h === 0 ? "Até o horário do atendimento" : `${h} ${h === 1 ? "hora" : "horas"} antes`);
const capText = (n: number) => `${n} ${n === 1 ? "agendamento" : "agendamentos"}`;
/** A saved value outside the list still shows. */
const withValue = (list: readonly number[], v: number) => (list.includes(v) ? [...list] : [...list, v].sort((a, b) => a - b));

/** A whole-number setting picked from a short list. */
function NumberChoiceField({ name, label, hint, options, text, disabled }: {
  name: "cancelDeadlineHours" | "maxFutureBookings"; label: string; hint: string; options: number[]; text: (n: number) => string; disabled: boolean;
}) {
  return (
    <FormField
      name={name}
      label={label}
      hint={hint}
      render={(field, a11y) => (
        <LazySelect
          {...a11y}
          value={String(field.value)}
          onValueChange={(v) => field.onChange(Number(v))}
          disabled={disabled}
          options={options.map((n) => ({ value: String(n), label: text(n) }))}
        />
      )}
    />
  );
}

export function OnlineBookingSettings({ businessId, settings, baseUrl, qr }: { businessId: string; settings: Settings; baseUrl: string; qr: string | null }) {
  const save = useWrite(saveOnlineSettingsAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: () => import("@/lib/online-booking/schemas").then((m) => m.onlineSettingsSchema),
    defaultValues: settings satisfies OnlineSettingsFields,
    action: (values) => save({ ...values, businessId }),
    error: MSG.saveError,
    success: (): { title: string; description: string } => ({
      title: MSG.saved,
      description: form.getValues("enabled") ? "A página de agendamento está no ar." : "A página de agendamento está desligada.",
    }),
    onSuccess: (_r, values) => form.reset(values),
  });
  const address = `${baseUrl}${settings.slug}`;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_auto]">
      <Form form={form} onSubmit={onSubmit} aria-label="Agendamento online" className="content-start">
        <FormField
          name="enabled"
          label="Agendamento online"
          hint="Desligado, quem abrir o endereço vê que a página não foi encontrada."
          className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 rounded-lg border p-3 [&>p]:col-span-2"
          render={(field, a11y) => <Switch {...a11y} checked={!!field.value} onCheckedChange={field.onChange} disabled={pending} />}
        />
        <div
          onBlur={(e) => {
            const input = e.target as HTMLInputElement;
            const folded = foldSlug(input.value);
            if (input.name === "slug" && folded && folded !== input.value) form.setValue("slug", folded, { shouldValidate: true });
          }}
        >
          <TextField
            name="slug"
            label="Endereço da página"
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            hint={`Letras minúsculas, números e hífens: ${baseUrl}seu-endereco`}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberChoiceField
            name="cancelDeadlineHours"
            label="Cancelamento pelo cliente"
            hint="Até quando o cliente pode cancelar pelo link."
            options={withValue(CANCEL_DEADLINE_OPTIONS, settings.cancelDeadlineHours)}
            text={hoursText}
            disabled={pending}
          />
          <NumberChoiceField
            name="maxFutureBookings"
            label="Limite por cliente"
            hint="Agendamentos online futuros por telefone."
            options={withValue(MAX_FUTURE_OPTIONS, settings.maxFutureBookings)}
            text={capText}
            disabled={pending}
          />
        </div>
        <div>
          <SubmitButton pending={pending} pendingText="Salvando...">Salvar</SubmitButton>
        </div>
      </Form>

      <div className="grid content-start gap-3 lg:w-72">
        <p className="text-sm font-medium">Endereço público</p>
        <p className="break-all rounded-md bg-muted px-3 py-2 font-mono text-xs" data-testid="online-booking-address">{address}</p>
        <div className="flex flex-wrap items-center gap-3">
          <CopyButton value={address} label="Copiar endereço" copiedToast="Endereço copiado" />
          {settings.enabled ? (
            <a href={address} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
              Abrir a página
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          ) : (
            <span className="text-sm text-muted-foreground">A página está desligada.</span>
          )}
        </div>
        {qr && (
          <figure className="grid justify-items-start gap-2">
            {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server, nothing to optimise */}
            <img src={qr} alt={`QR code de ${address}`} width={176} height={176} className="rounded-md border bg-white" />
            <figcaption className="text-xs text-muted-foreground">Imprima para o balcão ou o cartão do salão.</figcaption>
            <a href={qr} download={`agendamento-${settings.slug}.png`} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
              <Download aria-hidden className="size-3.5" />
              Baixar QR code
            </a>
          </figure>
        )}
      </div>
    </div>
  );
}
