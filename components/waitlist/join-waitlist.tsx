"use client";

import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
// Straight from the modules, not the components/form barrel (its Radix dialog would ride along).
import { Form } from "@/components/form/form";
import { FormField, TextField } from "@/components/form/form-field";
import { SubmitButton } from "@/components/form/submit-button";
import { useActionForm } from "@/components/form/use-action-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { cn } from "@/lib/cn";
import { formatPhone } from "@/lib/core/format/phone";
import type { PublicProfessional, PublicService } from "@/lib/online-booking/queries";
import { ANY_PROFESSIONAL } from "@/lib/online-booking/slots";
import { joinWaitlistAction } from "@/lib/waitlist/actions";
import { WAITLIST_MESSAGES as MSG } from "@/lib/waitlist/messages";
import type { JoinFormFields } from "@/lib/waitlist/schemas";

type Props = {
  slug: string;
  chosen: PublicService[];
  /** The chosen professional, or null for 'Qualquer profissional'. */
  professional: PublicProfessional | null;
  /** The full day the client came from, first, and the next open days of the window. */
  days: string[];
};

const WEEKDAY = new Intl.DateTimeFormat("pt-BR", { weekday: "short", timeZone: "UTC" });
const dayLabel = (d: string) => `${WEEKDAY.format(new Date(`${d}T12:00:00Z`)).replace(".", "")} ${d.slice(8, 10)}/${d.slice(5, 7)}`;

/**
 * 'Entrar na lista de espera' from a full day: the services and the professional carried over, the
 * days (the full one chosen; others may be added), 'Das'/'Até' (the range of start times), the
 * client's name, phone and e-mail; the server checks everything again. Then a confirmation.
 */
export function JoinWaitlist({ slug, chosen, professional, days }: Props) {
  const [joined, setJoined] = useState(false);
  const { form, onSubmit, pending } = useActionForm({
    schema: () => import("@/lib/waitlist/schemas").then((m) => m.joinFormSchema),
    defaultValues: { dates: days.slice(0, 1), timeFrom: "08:00", timeUntil: "20:00", name: "", phone: "", email: "", website: "" } satisfies JoinFormFields,
    action: (values) => joinWaitlistAction({ ...values, slug, serviceIds: chosen.map((s) => s.id), professionalId: professional?.id ?? ANY_PROFESSIONAL }),
    error: MSG.joinError,
    onSuccess: () => setJoined(true),
  });

  if (joined) {
    return (
      <Alert className="border-success/50 bg-success/5" role="status">
        <CheckCircle2 aria-hidden className="text-success" />
        <AlertTitle className="text-base">{MSG.joined}</AlertTitle>
        <AlertDescription>{MSG.joinedDescription}</AlertDescription>
      </Alert>
    );
  }

  const rows: [string, string][] = [
    ["Serviços", chosen.map((s) => s.name).join(", ")],
    ["Profissional", professional?.name ?? MSG.anyProfessional],
  ];
  return (
    <>
      <p className="text-sm text-muted-foreground">{MSG.joinHint}</p>
      <dl className="grid gap-2 rounded-lg bg-muted/60 p-3 text-sm" aria-label="Seu pedido">
        {rows.map(([k, v]) => (
          <div key={k} className="grid grid-cols-[6.5rem_1fr] gap-2">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="font-medium">{v}</dd>
          </div>
        ))}
      </dl>
      <Form form={form} onSubmit={onSubmit} aria-label={MSG.join}>
        <FormField<JoinFormFields>
          name="dates"
          label="Dias"
          hint="Toque para escolher os dias em que você pode vir."
          render={(field, a11y) => {
            const value = (field.value as string[]) ?? [];
            return (
              <div role="group" aria-label="Dias" aria-describedby={a11y["aria-describedby"]} className="flex flex-wrap gap-2" id={a11y.id}>
                {days.map((d) => {
                  const on = value.includes(d);
                  return (
                    <button
                      key={d}
                      type="button"
                      aria-pressed={on}
                      onClick={() => field.onChange(on ? value.filter((x) => x !== d) : [...value, d].sort())}
                      className={cn(
                        "h-9 rounded-md border px-3 text-sm font-medium capitalize tabular-nums transition-colors hover:bg-accent",
                        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                        on && "border-primary bg-primary text-primary-foreground hover:bg-primary",
                      )}
                    >
                      {dayLabel(d)}
                    </button>
                  );
                })}
              </div>
            );
          }}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField name="timeFrom" label="Das" type="time" step={900} />
          <TextField name="timeUntil" label="Até" type="time" step={900} />
        </div>
        <TextField name="name" label="Nome" autoComplete="name" maxLength={120} placeholder="Seu nome completo" />
        <div
          onBlur={(e) => {
            const input = e.target as HTMLInputElement;
            const v = formatPhone(input.value);
            if (input.name === "phone" && v !== input.value) form.setValue("phone", v, { shouldValidate: true });
          }}
        >
          <TextField name="phone" label="Celular (com DDD)" type="tel" inputMode="tel" autoComplete="tel-national" maxLength={40} placeholder="(65) 99999-1234" />
        </div>
        <TextField name="email" label="E-mail" type="email" autoComplete="email" maxLength={255} placeholder="voce@exemplo.com" hint="Avisamos por aqui quando um horário vagar." />
        <div aria-hidden className="absolute -left-[10000px] top-auto size-px overflow-hidden">
          <TextField name="website" label="Site (deixe em branco)" tabIndex={-1} autoComplete="off" />
        </div>
        <SubmitButton pending={pending} pendingText="Enviando..." size="lg" className="w-full">
          {MSG.join}
        </SubmitButton>
      </Form>
    </>
  );
}
