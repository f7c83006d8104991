"use client";

import { TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { DialogActions } from "@/components/form";
import { affectedCountText, affectedLine, AFFECTED_TEXT, type AffectedRefusal } from "@/lib/business-hours/affected";

/**
 * The confirmation step of a change that leaves booked appointments outside the hours: how many,
 * then each one's client and time (and date, when the change spans many days), then what happens
 * to them. The step's buttons are the caller's. It takes the focus when it appears: the button that
 * asked is gone, and a keyboard user reads the list next.
 */
export function AffectedList({ refusal, withDate, count = affectedCountText, keep = AFFECTED_TEXT.keep, title = AFFECTED_TEXT.title }: {
  refusal: AffectedRefusal; withDate: boolean; count?: (n: number) => string; keep?: string; title?: string;
}) {
  const rest = refusal.total - refusal.affected.length;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} role="alert" className="grid min-w-0 gap-2 rounded-lg border border-warning bg-warning/10 p-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid="affected-appointments">
      <p className="flex items-start gap-2 font-medium">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{count(refusal.total)}:</span>
      </p>
      <ul className="grid gap-0.5 pl-6" aria-label={title}>
        {refusal.affected.map((a) => (
          <li key={a.id} className="break-words">
            {/* Each one opens its day in the agenda, where it is marked until moved. */}
            <a href={`/appointments?dia=${a.date}`} className="underline underline-offset-4 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
              {affectedLine(a, withDate)}
            </a>
          </li>
        ))}
        {rest > 0 && <li>e mais {rest}</li>}
      </ul>
      <p>{keep}</p>
    </div>
  );
}

/** The step's buttons in an 'Adicionar' dialog (a holiday, a time off): back to the form, or add anyway. */
export function AddAnywayActions({ pending, onBack }: { pending: boolean; onBack: () => void }) {
  return (
    <DialogActions pending={pending} pendingText="Adicionando..." onCancel={onBack} cancelLabel={AFFECTED_TEXT.back}>
      Adicionar mesmo assim
    </DialogActions>
  );
}
