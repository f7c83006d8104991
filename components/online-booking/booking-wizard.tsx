"use client";

import { ArrowLeft } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ActionFailure } from "@/lib/core/actions/result";
import { totalMinutes } from "@/lib/appointments/rules/appointment-lines";
import { ONLINE_MESSAGES as MSG, SLOT_TAKEN_CODE } from "@/lib/online-booking/messages";
import { ANY_PROFESSIONAL } from "@/lib/online-booking/slots";
import type { PublicProfessional, PublicService } from "@/lib/online-booking/queries";
import { ContactStep } from "./contact-step";
import { ProfessionalStep } from "./professional-step";
import { ServicesStep } from "./services-step";
import { useSlots } from "./use-slots";
import { WhenStep } from "./when-step";
import dynamic from "next/dynamic";
import { WAITLIST_MESSAGES } from "@/lib/waitlist/messages";
import { addDays } from "@/lib/core/time/business-date";

// Loaded when a full day opens it: the booking page's first load carries none of it.
const JoinWaitlist = dynamic(() => import("@/components/waitlist/join-waitlist").then((m) => m.JoinWaitlist));

/** The full day, then the next open days of the window, 7 in all: the days the waitlist form offers. */
function waitlistDays(from: string, last: string, closed: readonly string[]): string[] {
  const out: string[] = [];
  for (let d = from; d <= last && out.length < 7; d = addDays(d, 1)) if (d === from || !closed.includes(d)) out.push(d);
  return out;
}

type Props = {
  slug: string;
  services: PublicService[];
  professionals: PublicProfessional[];
  window: { first: string; last: string };
  closed: string[];
};

const STEPS = [
  { id: "services", title: "Escolha os serviços" },
  { id: "professional", title: "Escolha o profissional" },
  { id: "when", title: "Escolha o dia e o horário" },
  { id: "contact", title: "Seus dados" },
] as const;
type Step = (typeof STEPS)[number]["id"];

/**
 * The booking, one step at a time: services → professional (or 'Qualquer profissional') → day and
 * free time → name, phone, e-mail → 'Confirmar agendamento'. Choices live here, never in the URL;
 * the server checks everything again when booking.
 */
export function BookingWizard({ slug, services, professionals, window, closed }: Props) {
  const router = useRouter();
  const [step, setStep] = useState<Step>("services");
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [professional, setProfessional] = useState<string>(ANY_PROFESSIONAL);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** 'Entrar na lista de espera' open, from the full day of the 'when' step. */
  const [waiting, setWaiting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  const chosen = useMemo(() => serviceIds.map((id) => services.find((s) => s.id === id)!).filter(Boolean), [serviceIds, services]);
  const eligible = useMemo(() => professionals.filter((p) => chosen.length > 0 && chosen.every((s) => s.id in p.prices)), [professionals, chosen]);
  const minutes = totalMinutes(chosen);
  const slots = useSlots(slug, serviceIds, professional);

  // A new step is announced and shown from its top (phones scroll long lists).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [step, waiting]);

  const toggleService = useCallback((id: string) => {
    setServiceIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
    // Another length or another set of professionals: the times chosen no longer hold.
    setTime(null);
    setNotice(null);
  }, []);

  function chooseProfessional(id: string) {
    setProfessional(id);
    setTime(null);
    setNotice(null);
  }

  function chooseDate(d: string) {
    setDate(d);
    setWaiting(false);
    setTime(null);
    setNotice(null);
    void slots.load(d);
  }

  /** From the waitlist's form: a chosen day still has free times; book one (or see that day's times) instead. */
  function bookInstead(d: string, t: string | null) {
    setWaiting(false);
    setDate(d);
    setTime(t);
    setNotice(null);
    void slots.load(d);
    setStep(t ? "contact" : "when");
  }

  function goTo(next: Step) {
    if (next === "professional" && !eligible.some((p) => p.id === professional)) setProfessional(ANY_PROFESSIONAL);
    if (next === "when" && date) void slots.load(date);
    setStep(next);
  }

  /** The slot went to someone else: back to the times, freshly read past every cache. */
  function onBookingFailed(failure: ActionFailure) {
    if (failure.code !== SLOT_TAKEN_CODE || !date) return;
    setNotice(MSG.slotTaken);
    setTime(null);
    setStep("when");
    void slots.load(date, true);
  }

  const index = STEPS.findIndex((s) => s.id === step);
  const back = index > 0 ? STEPS[index - 1].id : null;
  const goBack = () => (waiting ? setWaiting(false) : back && setStep(back));
  const chosenProfessional = professional === ANY_PROFESSIONAL ? null : (eligible.find((p) => p.id === professional) ?? null);

  return (
    <section aria-labelledby="booking-step-title" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs font-medium text-muted-foreground">
            Passo {index + 1} de {STEPS.length}
          </p>
          {(back || waiting) && (
            <Button variant="ghost" size="sm" className="-mr-2" onClick={goBack}>
              <ArrowLeft aria-hidden />
              Voltar
            </Button>
          )}
        </div>
        <div className="flex gap-1" aria-hidden>
          {STEPS.map((s, i) => (
            <span key={s.id} className={`h-1 flex-1 rounded-full ${i <= index ? "bg-primary" : "bg-muted"}`} />
          ))}
        </div>
        <h2 id="booking-step-title" ref={heading} tabIndex={-1} className="scroll-mt-4 text-lg font-semibold outline-none">
          {waiting ? WAITLIST_MESSAGES.join : STEPS[index].title}
        </h2>
      </div>

      {waiting && date && (
        <JoinWaitlist
          slug={slug}
          chosen={chosen}
          professional={chosenProfessional}
          days={waitlistDays(date, window.last, closed)}
          onBook={bookInstead}
        />
      )}

      {!waiting && step === "services" && (
        <ServicesStep services={services} selected={serviceIds} minutes={minutes} onToggle={toggleService} onNext={() => goTo("professional")} />
      )}
      {!waiting && step === "professional" && (
        <ProfessionalStep chosen={chosen} eligible={eligible} value={professional} onChange={chooseProfessional} onNext={() => goTo("when")} />
      )}
      {!waiting && step === "when" && (
        <WhenStep
          window={window}
          closed={closed}
          date={date}
          time={time}
          slots={slots.state}
          notice={notice}
          onDate={chooseDate}
          onTime={(t) => {
            setTime(t);
            setNotice(null);
          }}
          onRetry={() => date && void slots.load(date, true)}
          onWaitlist={() => setWaiting(true)}
          professionalName={chosenProfessional?.name ?? null}
          onNext={() => goTo("contact")}
        />
      )}
      {!waiting && step === "contact" && date && time && (
        <ContactStep
          slug={slug}
          chosen={chosen}
          professional={chosenProfessional}
          eligible={eligible}
          date={date}
          time={time}
          minutes={minutes}
          onBooked={(token) => router.push(`/agendar/reserva/${encodeURIComponent(token)}?novo=1`)}
          onFailed={onBookingFailed}
        />
      )}
    </section>
  );
}
