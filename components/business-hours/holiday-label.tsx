import { formatDate } from "@/lib/core/format/date";
import { WEEKDAY_NAMES } from "@/lib/appointments/rules/weekly-hours";
import { dayOfWeek } from "@/lib/core/time/business-date";

/** A holiday's name over its date and weekday ('25/12/2026 · Sexta-feira'); `children` adds to that line. */
export function HolidayLabel({ name, date, truncate, children }: { name: string; date: string; truncate?: boolean; children?: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className={truncate ? "truncate text-sm font-medium" : "text-sm font-medium"}>{name}</span>
      <span className="text-xs text-muted-foreground">
        <time dateTime={date}>{formatDate(date)}</time> · {WEEKDAY_NAMES[dayOfWeek(date)]}
        {children}
      </span>
    </div>
  );
}
