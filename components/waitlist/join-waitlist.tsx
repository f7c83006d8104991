"use client";

import { CalendarCheck, CheckCircle2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
// Straight from the modules, not the components/form barrel (its Radix dialog would ride along).
import { Form } from "@/components/form/form";
import { FormField, TextField } from "@/components/form/form-field";
import { SubmitButton } from "@/components/form/submit-button";
import { useActionForm } from "@/components/form/use-action-form";
import { fetchSlots, type SlotsState } from "@/components/online-booking/use-slots";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
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
  /** A chosen day still has free times: book `time` (or, null, see that day's times) instead of waiting. */
  onBook: (date: string, time: string | null) => void;
};

/** At most this many of a day's free times are offered in the form (the rest: 'Ver todos os horários'). */
const SHOWN_TIMES = 8;

/**
 * Each offered day's free times for the wish, read once when the form opens (the public page's own
 * list, GET /api/agendar/{slug}/horarios): a day with times suggests booking one; a day nobody asked
 * for works is not offered.
 */
function useDaysSlots(slug: string, serviceIds: readonly string[], professional: string, days: readonly string[]) {
  const [byDay, setByDay] = useState<Record<string, SlotsState>>({});
  const key = `${slug}|${serviceIds.join(",")}|${professional}|${days.join(",")}`;
  useEffect(() => {
    let live = true;
    for (const d of days) {
      void fetchSlots(slug, serviceIds, professional, d).then((state) => {
        if (live) setByDay((m) => ({ ...m, [d]: state }));
      });
    }
    return () => {
      live = false;
    };
    // One read per wish and list of days: `key` names them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return byDay;
}

const WEEKDAY = new Intl.DateTimeFormat("pt-BR", { weekday: "short", timeZone: "UTC" });
const dayLabel = (d: string) => `${WEEKDAY.format(new Date(`${d}T12:00:00Z`)).replace(".", "")} ${d.slice(8, 10)}/${d.slice(5, 7)}`;

/**
 * 'Entrar na lista de espera' from a full day: the services and the professional carried over, the
 * days (the full one chosen; others may be added), 'Das'/'Até' (the range of start times), the
 * client's name, phone and e-mail; the server checks everything again. Then a confirmation. A
 * chosen day that still has free times shows them, to book one instead of waiting; a day nobody
 * asked for works (a day off) can't be chosen, and the server refuses it.
 */
export function JoinWaitlist({ slug, chosen, professional, days, onBook }: Props) {
  const [joined, setJoined] = useState(false);
  const serviceIds = useMemo(() => chosen.map((s) => s.id), [chosen]);
  const slots = useDaysSlots(slug, serviceIds, professional?.id ?? ANY_PROFESSIONAL, days);
  const ready = (d: string) => {
    const s = slots[d];
    return s?.status === "ready" ? s : null;
  };
  /** Nobody asked for works that day (their day off, time off, a closed day): no waiting for it. */
  const noService = (d: string) => {
    const s = ready(d);
    return !!s && s.times.length === 0 && !s.waitlist;
  };
  const { form, onSubmit, pending } = useActionForm({
    schema: () => import("@/lib/waitlist/schemas").then((m) => m.joinFormSchema),
    defaultValues: { dates: days.slice(0, 1), timeFrom: "08:00", timeUntil: "20:00", name: "", phone: "", email: "", website: "" } satisfies JoinFormFields,
    action: (values) => joinWaitlistAction({ ...values, slug, serviceIds, professionalId: professional?.id ?? ANY_PROFESSIONAL }),
    error: MSG.joinError,
    onSuccess: () => setJoined(true),
  });

  const chosenDays = (form.watch("dates") as string[] | undefined) ?? [];
  const offChosen = chosenDays.filter(noService);
  // A chosen day found to have no service leaves the wish (the server would refuse it).
  useEffect(() => {
    if (offChosen.length) form.setValue("dates", chosenDays.filter((d) => !offChosen.includes(d)));
  }, [offChosen.join(","), form]); // eslint-disable-line react-hooks/exhaustive-deps

  if (joined) {
    return (
      <Alert className="border-success/50 bg-success/5" role="status">
        <CheckCircle2 aria-hidden className="text-success" />
        <AlertTitle className="text-base">{MSG.joined}</AlertTitle>
        <AlertDescription>{MSG.joinedDescription}</AlertDescription>
      </Alert>
    );
  }

  const stillFree = chosenDays.flatMap((d) => {
    const s = ready(d);
    return s && s.times.length > 0 ? [{ date: d, times: s.times }] : [];
  });
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
                  const off = noService(d);
                  const on = value.includes(d) && !off;
                  return (
                    <button
                      key={d}
                      type="button"
                      aria-pressed={on}
                      disabled={off}
                      title={off ? MSG.noServiceChip : undefined}
                      onClick={() => field.onChange(on ? value.filter((x) => x !== d) : [...value, d].sort())}
                      className={cn(
                        "h-9 rounded-md border px-3 text-sm font-medium capitalize tabular-nums transition-colors hover:bg-accent",
                        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                        on && "border-primary bg-primary text-primary-foreground hover:bg-primary",
                        off && "cursor-not-allowed border-dashed text-muted-foreground line-through hover:bg-transparent",
                      )}
                    >
                      {dayLabel(d)}
                      {off && <span className="sr-only"> — {MSG.noServiceChip}</span>}
                    </button>
                  );
                })}
              </div>
            );
          }}
        />
        {stillFree.length > 0 && (
          <section aria-labelledby="still-free" className="grid gap-3 rounded-lg border border-success/50 bg-success/5 p-3" data-testid="waitlist-still-free">
            <div className="grid gap-0.5">
              <h3 id="still-free" className="flex items-center gap-1.5 text-sm font-semibold">
                <CalendarCheck aria-hidden className="size-4 text-success" />
                {MSG.stillFree}
              </h3>
              <p className="text-sm text-muted-foreground">{MSG.stillFreeDescription}</p>
            </div>
            {stillFree.map(({ date, times }) => (
              <div key={date} className="grid gap-2" role="group" aria-label={`Horários livres de ${dayLabel(date)}`}>
                <p className="text-xs font-medium capitalize text-muted-foreground">{dayLabel(date)}</p>
                <div className="grid grid-cols-4 gap-2 sm:grid-cols-5">
                  {times.slice(0, SHOWN_TIMES).map((t) => (
                    <Button key={t} type="button" variant="outline" className="tabular-nums" aria-label={`Agendar ${dayLabel(date)} às ${t}`} onClick={() => onBook(date, t)}>
                      {t}
                    </Button>
                  ))}
                </div>
                {times.length > SHOWN_TIMES && (
                  <button type="button" className="min-h-11 text-left text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:min-h-0" onClick={() => onBook(date, null)}>
                    Ver todos os {times.length} horários de {dayLabel(date)}
                  </button>
                )}
              </div>
            ))}
          </section>
        )}
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
