import { CalendarCheck, CalendarClock, CalendarDays, CalendarX } from "lucide-react";
import { Card } from "@/components/ui/card";
import type { MonthSummary } from "@/lib/appointments/queries";
import { formatMonthName } from "@/lib/core/format/date";

/**
 * The four cards of the current month in the business zone: Total, Confirmados, Pendentes, Cancelados.
 * On a phone they fold into one row of four figures, so today's first card shows without scrolling.
 */
export function MonthCards({ summary }: { summary: MonthSummary }) {
  const month = formatMonthName(summary.month);
  const cards = [
    { label: "Total", value: summary.total, icon: CalendarDays, tone: "text-primary" },
    { label: "Confirmados", value: summary.confirmed, icon: CalendarCheck, tone: "text-success" },
    { label: "Pendentes", value: summary.pending, icon: CalendarClock, tone: "text-warning" },
    { label: "Cancelados", value: summary.cancelled, icon: CalendarX, tone: "text-destructive" },
  ];
  return (
    <section aria-labelledby="resumo-do-mes" className="mb-4 md:mb-6">
      <h2 id="resumo-do-mes" className="mb-2 text-sm font-medium text-muted-foreground first-letter:uppercase">
        {month}
      </h2>
      <div className="grid grid-cols-4 gap-1.5 md:grid-cols-2 md:gap-3 lg:grid-cols-4">
        {cards.map(({ label, value, icon: Icon, tone }) => (
          <Card key={label} className="flex items-center gap-3 px-1.5 py-1.5 md:p-4" data-testid={`month-${label.toLowerCase()}`}>
            <Icon aria-hidden className={`size-8 shrink-0 max-md:hidden ${tone}`} />
            <div className="min-w-0">
              <p className="truncate text-[11px] text-muted-foreground md:text-sm">
                {label} <span className="sr-only">de {month}</span>
              </p>
              <p className={`text-lg font-semibold tabular-nums md:text-2xl md:text-foreground ${tone}`}>{value}</p>
            </div>
          </Card>
        ))}
      </div>
    </section>
  );
}
