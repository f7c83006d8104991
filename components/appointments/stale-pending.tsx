"use client";

import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { StalePending } from "@/lib/appointments/queries";
import { formatDate } from "@/lib/core/format/date";
import { APPOINTMENT_ICONS } from "./icons";

/**
 * 'Pendentes antigos': appointments still pendente a day after their start. Each opens its day on
 * the agenda, where the status menu marks it Confirmado, Concluído, Faltou or Cancelado.
 */
export function StalePendingAlert({ stale, onGo }: { stale: StalePending; onGo: (date: string) => void }) {
  // A phone lists the first only (each a 44 px row), so today's first card still shows without
  // scrolling; 'Ver todos' lists the rest there.
  const [all, setAll] = useState(false);
  if (stale.count === 0) return null;
  const more = stale.count - stale.first.length;
  const folded = !all && stale.first.length > 1;
  return (
    <Alert className="mb-4" data-testid="stale-pending">
      <APPOINTMENT_ICONS.Icon name="review" />
      <AlertTitle>Pendentes antigos: {stale.count}</AlertTitle>
      <AlertDescription>
        <p>
          {stale.count === 1 ? "Um agendamento passou do horário há mais de um dia e continua pendente." : `${stale.count} agendamentos passaram do horário há mais de um dia e continuam pendentes.`}{" "}
          Marque cada um como Concluído, Faltou ou Cancelado.
        </p>
        <ul className="mt-2 grid gap-1 max-md:gap-0">
          {stale.first.map((a, i) => (
            <li key={a.id} className={i > 0 && folded ? "flex flex-wrap items-center gap-x-2 max-md:hidden" : "flex flex-wrap items-center gap-x-2"}>
              {/* A link to the day (?dia=), so a tap before the page's scripts run still gets there; after, the day is opened in place. */}
              <a
                href={`/appointments?dia=${a.date}`}
                className="rounded-sm font-medium text-foreground underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:inline-flex max-md:min-h-11 max-md:items-center"
                onClick={(e) => {
                  e.preventDefault();
                  onGo(a.date);
                }}
              >
                {formatDate(a.date)} às {a.time}
              </a>
              <span className="min-w-0 truncate">{a.clientName}</span>
            </li>
          ))}
        </ul>
        {folded && (
          <button type="button" onClick={() => setAll(true)} className="min-h-11 text-xs font-medium text-foreground underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden">
            Ver todos ({stale.count})
          </button>
        )}
        {more > 0 && <p className={folded ? "mt-1 text-xs max-md:hidden" : "mt-1 text-xs"}>e mais {more}</p>}
      </AlertDescription>
    </Alert>
  );
}
