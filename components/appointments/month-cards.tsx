import { CalendarCheck, CalendarClock, CalendarDays, CalendarX } from "lucide-react";
import { Card } from "@/components/ui/card";
import type { MonthSummary } from "@/lib/appointments/queries";
import { formatMonthName } from "@/lib/core/format/date";

/** The four cards of the current month in the business zone: Total, Confirmados, Pendentes, Cancelados. */
export function MonthCards({ summary }: { summary: MonthSummary }) {
  const month = formatMonthName(summary.month);
  const cards = [
    { label: "Total", value: summary.total, icon: CalendarDays, tone: "text-primary" },
    { label: "Confirmados", value: summary.confirmed, icon: CalendarCheck, tone: "text-success" },
    { label: "Pendentes", value: summary.pending, icon: CalendarClock, tone: "text-warning" },
    { label: "Cancelados", value: summary.cancelled, icon: CalendarX, tone: "text-destructive" },
  ];
  return (
    <section aria-labelledby="resumo-do-mes" className="mb-6">
      <h2 id="resumo-do-mes" className="mb-2 text-sm font-medium text-muted-foreground first-letter:uppercase">
        {month}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(({ label, value, icon: Icon, tone }) => (
          <Card key={label} className="flex items-center gap-3 p-4" data-testid={`month-${label.toLowerCase()}`}>
            <Icon aria-hidden className={`size-8 shrink-0 ${tone}`} />
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">
                {label} <span className="sr-only">de {month}</span>
              </p>
              <p className="text-2xl font-semibold tabular-nums">{value}</p>
            </div>
          </Card>
        ))}
      </div>
    </section>
  );
}
