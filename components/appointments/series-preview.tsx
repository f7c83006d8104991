"use client";

import { useState } from "react";
import { DialogActions, failureToast, FormDialogHeader, networkFailureToast } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { Checkbox } from "@/components/ui/checkbox";
import { createSeriesAction, seriesPreviewAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import type { SeriesOccurrence } from "@/lib/appointments/rules/recurrence";
import type { ListedAppointment } from "@/lib/appointments/queries";
import type { SeriesPreviewInput } from "@/lib/appointments/schemas";
import { toast } from "@/components/ui/toaster";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/core/format/date";
import { CARD_READS } from "./cache";

export type SeriesRequest = SeriesPreviewInput & { businessId: string };

/** 'Salvar 3 agendamentos' (one: 'Salvar 1 agendamento'). */
export function saveLabel(n: number): string {
  return `Salvar ${n} ${n === 1 ? "agendamento" : "agendamentos"}`;
}

/**
 * 'Repetir', before saving: each date of the series with a box, the ones that can't be booked
 * unticked and disabled with the reason; 'Salvar N agendamentos' books the ticked ones in one
 * transaction. A date taken since the preview refuses the whole save: the list is read again.
 */
export function SeriesPreview({ request, occurrences: first, onBack, onSaved }: {
  request: SeriesRequest;
  occurrences: SeriesOccurrence[];
  onBack: () => void;
  onSaved: (appointments: ListedAppointment[]) => void;
}) {
  const [occurrences, setOccurrences] = useState(first);
  const [chosen, setChosen] = useState(() => new Set(first.filter((o) => o.ok).map((o) => o.date)));
  const [pending, setPending] = useState(false);
  const free = occurrences.filter((o) => o.ok).length;
  // The new cards come with the answer, and `onSaved` puts them into the agenda's days.
  const createSeries = useWrite(createSeriesAction, CARD_READS);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    try {
      const r = await createSeries({ ...request, chosen: occurrences.filter((o) => o.ok && chosen.has(o.date)).map((o) => o.date) });
      if (r.ok) {
        toast({ variant: "success", title: MSG.seriesCreated, description: `${r.ids.length} agendamentos foram criados.` });
        onSaved(r.appointments);
        return;
      }
      failureToast(r);
      // What changed since: the list as it is now.
      const again = await seriesPreviewAction(request);
      if (again.ok) {
        setOccurrences(again.occurrences);
        setChosen((c) => new Set(again.occurrences.filter((o) => o.ok && c.has(o.date)).map((o) => o.date)));
      }
    } catch (err) {
      console.error(err);
      networkFailureToast(MSG.seriesError);
    } finally {
      setPending(false);
    }
  }

  const count = occurrences.filter((o) => o.ok && chosen.has(o.date)).length;
  return (
    <form method="post" noValidate onSubmit={save} className="grid min-w-0 gap-4">
      <FormDialogHeader title="Novo Agendamento" description={`Repetir: ${occurrences.length} datas, ${free} ${free === 1 ? "disponível" : "disponíveis"}. Desmarque as que não quiser.`} />
      <ul className="grid min-w-0 gap-2" aria-label="Datas da repetição">
        {occurrences.map((o) => {
          const id = `series-${o.date}`;
          return (
            <li key={o.date} className={cn("flex min-w-0 items-start gap-3 rounded-lg border p-3", !o.ok && "border-destructive/40 bg-destructive/5")} data-testid="series-date">
              <Checkbox
                id={id}
                className="mt-0.5"
                checked={o.ok && chosen.has(o.date)}
                disabled={!o.ok || pending}
                aria-describedby={o.reason ? `${id}-reason` : undefined}
                onCheckedChange={(v) => setChosen((c) => {
                  const next = new Set(c);
                  if (v === true) next.add(o.date);
                  else next.delete(o.date);
                  return next;
                })}
              />
              <span className="grid min-w-0 gap-0.5">
                <label htmlFor={id} className="text-sm font-medium first-letter:uppercase">{formatLongDate(o.date)}</label>
                {o.reason && <span id={`${id}-reason`} className="break-words text-xs text-destructive">{o.reason}</span>}
              </span>
            </li>
          );
        })}
      </ul>
      <DialogActions pending={pending} pendingText="Salvando..." disabled={count === 0} onCancel={onBack} cancelLabel="Voltar">
        {saveLabel(count)}
      </DialogActions>
    </form>
  );
}
