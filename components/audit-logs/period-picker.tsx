"use client";

import { CalendarRange, X } from "lucide-react";
import { useState } from "react";
import type { DateRange } from "react-day-picker";
import { Button } from "@/components/ui/button";
import { CalendarPopover, fromLocalDate, toLocalDate } from "@/components/ui/calendar-popover";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/core/format/date";
import { todayInBusiness } from "@/lib/core/time/business-time";

export type Period = { from: string | null; to: string | null };

export function periodLabel({ from, to }: Period): string {
  if (!from && !to) return "Todo o período";
  if (from && to && from === to) return formatDate(from);
  // Same year: the year once ("10/03 – 12/03/2026"), so the range fits the field.
  if (from && to) return from.slice(0, 4) === to.slice(0, 4) ? `${formatDate(from).slice(0, 5)} – ${formatDate(to)}` : `${formatDate(from)} – ${formatDate(to)}`;
  return from ? `A partir de ${formatDate(from)}` : `Até ${formatDate(to!)}`;
}

/**
 * 'Período': a range over two months (spec section 9), days of the business zone. The days the
 * person clicks are calendar days; the server reads them in America/Cuiaba, the end day whole.
 */
export function PeriodPicker({ id, value, onChange }: { id: string; value: Period; onChange: (p: Period) => void }) {
  const [open, setOpen] = useState(false);
  const selected: DateRange | undefined = value.from ? { from: toLocalDate(value.from), to: value.to ? toLocalDate(value.to) : undefined } : undefined;
  const empty = !value.from && !value.to;
  return (
    <div className="flex min-w-0 gap-1">
      <CalendarPopover
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button id={id} variant="outline" className={cn("min-w-0 flex-1 justify-start font-normal", empty && "text-muted-foreground")}>
            <CalendarRange aria-hidden />
            <span className="truncate">{periodLabel(value)}</span>
          </Button>
        }
        calendar={{
          mode: "range",
          numberOfMonths: 2,
          selected,
          defaultMonth: selected?.from ?? toLocalDate(todayInBusiness()),
          onSelect: (range) => {
            const from = range?.from ? fromLocalDate(range.from) : null;
            const to = range?.to ? fromLocalDate(range.to) : from;
            onChange({ from, to });
          },
        }}
        footer={
          <div className="flex justify-end gap-2 border-t px-1 pt-2">
            <Button size="sm" variant="ghost" onClick={() => onChange({ from: null, to: null })} disabled={empty}>
              Limpar período
            </Button>
            <Button size="sm" onClick={() => setOpen(false)}>
              Concluir
            </Button>
          </div>
        }
      />
      {!empty && (
        <Button variant="ghost" size="icon" aria-label="Remover período" onClick={() => onChange({ from: null, to: null })}>
          <X aria-hidden />
        </Button>
      )}
    </div>
  );
}
