"use client";

import { useState } from "react";
// Straight from the modules, not the components/form barrel: the barrel's confirm dialog (Radix)
// would ride along on the public page.
import { Form } from "@/components/form/form";
import { TextField } from "@/components/form/form-field";
import { SubmitButton } from "@/components/form/submit-button";
import { useActionForm } from "@/components/form/use-action-form";
import { formatLongDate } from "@/lib/core/format/date";
import { formatDuration } from "@/lib/core/format/duration";
import { formatBRL } from "@/lib/core/format/money";
import { formatPhone } from "@/lib/core/format/phone";
import type { ActionFailure } from "@/lib/core/actions/result";
import { bookOnlineAction } from "@/lib/online-booking/actions";
import { totalRange } from "@/lib/online-booking/format";
import type { PublicProfessional, PublicService } from "@/lib/online-booking/queries";
import { ONLINE_MESSAGES as MSG } from "@/lib/online-booking/messages";
import type { ContactFields } from "@/lib/online-booking/schemas";
import { ANY_PROFESSIONAL } from "@/lib/online-booking/slots";

type Props = {
  slug: string;
  chosen: PublicService[];
  /** The chosen professional, or null for 'Qualquer profissional'. */
  professional: PublicProfessional | null;
  eligible: PublicProfessional[];
  date: string;
  time: string;
  minutes: number;
  onBooked: (token: string) => void;
  onFailed: (failure: ActionFailure) => void;
};

/** What will be booked, then the client's name, phone and e-mail, and 'Confirmar agendamento'. */
export function ContactStep({ slug, chosen, professional, eligible, date, time, minutes, onBooked, onFailed }: Props) {
  const [leaving, setLeaving] = useState(false);
  const { form, onSubmit, pending } = useActionForm({
    schema: () => import("@/lib/online-booking/schemas").then((m) => m.contactSchema),
    defaultValues: { name: "", phone: "", email: "", website: "" } satisfies ContactFields,
    action: (values) =>
      bookOnlineAction({
        ...values,
        slug,
        serviceIds: chosen.map((s) => s.id),
        professionalId: professional?.id ?? ANY_PROFESSIONAL,
        date,
        time,
      }),
    error: MSG.bookError,
    onSuccess: (result) => {
      setLeaving(true);
      onBooked(result.token);
    },
    onFailure: onFailed,
  });

  const pros = professional ? [professional] : eligible;
  const range = totalRange(chosen.map((s) => pros.map((p) => p.prices[s.id] ?? null)));
  const price = range ? (range.min === range.max ? formatBRL(range.min) : `${formatBRL(range.min)} a ${formatBRL(range.max)}`) : null;
  const rows: [string, string][] = [
    ["Serviços", chosen.map((s) => s.name).join(", ")],
    ["Profissional", professional?.name ?? "Qualquer profissional"],
    ["Quando", `${formatLongDate(date)}, às ${time}`],
    ["Duração", formatDuration(minutes)],
    ...(price ? ([["Valor", price]] as [string, string][]) : []),
  ];

  return (
    <>
      <dl className="grid gap-2 rounded-lg bg-muted/60 p-3 text-sm" aria-label="Resumo do agendamento">
        {rows.map(([k, v]) => (
          <div key={k} className="grid grid-cols-[6.5rem_1fr] gap-2">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="font-medium first-letter:uppercase">{v}</dd>
          </div>
        ))}
      </dl>
      <Form form={form} onSubmit={onSubmit} aria-label="Seus dados">
        <TextField name="name" label="Nome" autoComplete="name" maxLength={120} placeholder="Seu nome completo" />
        {/* Written as people read it once typed: '65999991234' → '(65) 99999-1234'. (React's onBlur bubbles.) */}
        <div
          onBlur={(e) => {
            const input = e.target as HTMLInputElement;
            const v = formatPhone(input.value);
            if (input.name === "phone" && v !== input.value) form.setValue("phone", v, { shouldValidate: true });
          }}
        >
          <TextField
            name="phone"
            label="Celular (com DDD)"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={40}
            placeholder="(65) 99999-1234"
            hint="Usamos o telefone para encontrar seus agendamentos e falar com você."
          />
        </div>
        <TextField name="email" label="E-mail (opcional)" type="email" autoComplete="email" maxLength={255} placeholder="voce@exemplo.com" hint="Enviamos a confirmação e o link para cancelar." />
        {/* Hidden from people (off-screen, not focusable, not announced): only bots fill it in. */}
        <div aria-hidden className="absolute -left-[10000px] top-auto size-px overflow-hidden">
          <TextField name="website" label="Site (deixe em branco)" tabIndex={-1} autoComplete="off" />
        </div>
        <SubmitButton pending={pending || leaving} pendingText={leaving ? "Abrindo confirmação..." : "Agendando..."} size="lg" className="w-full">
          Confirmar agendamento
        </SubmitButton>
        <p className="text-center text-xs text-muted-foreground">O estabelecimento recebe o agendamento na hora e confirma o atendimento.</p>
      </Form>
    </>
  );
}
