"use client";

import { AlertTriangle, ListPlus } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { fromLocalDate, toLocalDate } from "@/components/ui/calendar-popover";
import { Spinner } from "@/components/ui/spinner";
import { formatLongDate } from "@/lib/core/format/date";
import { FreeTimeButtons } from "./free-time-buttons";
import { StepFooter } from "./services-step";
import type { SlotsState } from "./use-slots";
import { WAITLIST_MESSAGES } from "@/lib/waitlist/messages";

type Props = {
  window: { first: string; last: string };
  closed: string[];
  date: string | null;
  time: string | null;
  slots: SlotsState;
  /** 'Esse horário acabou de ser reservado. Escolha outro.' after a lost race. */
  notice: string | null;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  onRetry: () => void;
  onNext: () => void;
  /** 'Entrar na lista de espera', offered on a day with no free time that someone asked for works. */
  onWaitlist: () => void;
  /** The chosen professional's name, null for 'Qualquer profissional' (a day nobody works says who). */
  professionalName: string | null;
};

/**
 * A day of the window (closed days and holidays disabled), then one of its free times. A day
 * without any offers the waitlist only when someone asked for works that day (not a day off).
 */
export function WhenStep({ window, closed, date, time, slots, notice, onDate, onTime, onRetry, onNext, onWaitlist, professionalName }: Props) {
  const shown = slots.status !== "idle" && slots.date === date ? slots : null;
  return (
    <>
      <div className="flex justify-center">
        <Calendar
          mode="single"
          required={false}
          selected={date ? toLocalDate(date) : undefined}
          onSelect={(d) => d && onDate(fromLocalDate(d))}
          defaultMonth={toLocalDate(date ?? window.first)}
          startMonth={toLocalDate(window.first)}
          endMonth={toLocalDate(window.last)}
          disabled={[{ before: toLocalDate(window.first) }, { after: toLocalDate(window.last) }, ...closed.map(toLocalDate)]}
          showOutsideDays={false}
        />
      </div>

      {notice && (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden />
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      )}

      <div className="grid gap-3" aria-live="polite">
        {!date && <p className="text-sm text-muted-foreground">Escolha um dia para ver os horários livres.</p>}
        {date && <p className="text-sm font-medium first-letter:uppercase">{formatLongDate(date)}</p>}
        {shown?.status === "loading" && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Carregando horários...
          </p>
        )}
        {shown?.status === "error" && (
          <div className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {shown.message}
            <Button variant="outline" size="sm" onClick={onRetry}>
              Tentar novamente
            </Button>
          </div>
        )}
        {shown?.status === "ready" && shown.times.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {shown.closed
              ? "O estabelecimento não abre neste dia."
              : shown.waitlist
                ? "Nenhum horário livre neste dia. Escolha outro dia ou entre na lista de espera."
                : WAITLIST_MESSAGES.offDay(professionalName)}
          </p>
        )}
        {shown?.status === "ready" && shown.times.length === 0 && shown.waitlist && (
          <Button variant="outline" className="w-full sm:w-auto" onClick={onWaitlist}>
            <ListPlus aria-hidden />
            Entrar na lista de espera
          </Button>
        )}
        {shown?.status === "ready" && <FreeTimeButtons times={shown.times} value={time} onPick={onTime} />}
      </div>
      <StepFooter summary={date && time ? `${formatLongDate(date).split(",")[0]}, ${date.slice(8, 10)}/${date.slice(5, 7)} às ${time}` : undefined} disabled={!date || !time} onNext={onNext} />
    </>
  );
}
