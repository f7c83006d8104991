"use client";

import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CalendarPopover, fromLocalDate, toLocalDate } from "@/components/ui/calendar-popover";
import { formatDate, formatLongDate } from "@/lib/core/format/date";
import { addDays, dayOfWeek } from "@/lib/core/time/business-date";

/** The viewer's address for a date (today's is the bare path). */
export function allocationHref(date: string, today: string): string {
  return date === today ? "/allocation-viewer" : `/allocation-viewer?date=${date}`;
}

const WEEKDAY_SHORT = ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."];

/** "seg., 23/11/2026": the date on narrow screens. */
function formatShortDay(date: string): string {
  return `${WEEKDAY_SHORT[dayOfWeek(date)]}, ${formatDate(date)}`;
}

/** `hrefOf`: a date's address (the viewer's by default; the agenda's grid has its own). */
type Props = { date: string; today: string; onGo: (date: string) => void; hrefOf?: (date: string, today: string) => string };

/**
 * Previous day, the date (opens a month calendar, week from Monday as spec section 9 says), next
 * day, and 'Hoje'. Links, so they work before hydration; once hydrated `onGo` navigates in a
 * transition (the old day stays until the new one is ready).
 */
export function DayNav({ date, today, onGo, hrefOf = allocationHref }: Props) {
  const [open, setOpen] = useState(false);
  const link = (target: string) => ({
    href: hrefOf(target, today),
    onClick: (e: React.MouseEvent<HTMLAnchorElement>) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      onGo(target);
    },
  });
  return (
    <nav aria-label="Navegação por dia" className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
      <Button asChild variant="outline" size="icon">
        <Link {...link(addDays(date, -1))} aria-label="Dia anterior" title="Dia anterior">
          <ChevronLeft aria-hidden />
        </Link>
      </Button>
      <CalendarPopover
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="outline" className="min-w-0 flex-1 justify-start font-normal sm:flex-none" aria-label={`Escolher data: ${formatLongDate(date)}`}>
            <CalendarDays aria-hidden />
            <span className="truncate first-letter:uppercase sm:hidden">{formatShortDay(date)}</span>
            <span className="hidden truncate first-letter:uppercase sm:inline">{formatLongDate(date)}</span>
          </Button>
        }
        calendar={{
          mode: "single",
          weekStartsOn: 1,
          selected: toLocalDate(date),
          defaultMonth: toLocalDate(date),
          onSelect: (d) => {
            if (!d) return;
            setOpen(false);
            onGo(fromLocalDate(d));
          },
        }}
      />
      <Button asChild variant="outline" size="icon">
        <Link {...link(addDays(date, 1))} aria-label="Próximo dia" title="Próximo dia">
          <ChevronRight aria-hidden />
        </Link>
      </Button>
      {date !== today && (
        <Button asChild variant="ghost" size="sm">
          <Link {...link(today)}>Hoje</Link>
        </Button>
      )}
    </nav>
  );
}
