/** How a time off reads, on the list and in the audit row. Pure, for both sides. */
import { formatDate } from "@/lib/core/format/date";

type Span = { startDate: string; endDate: string; startTime: string | null; endTime: string | null };

/** The confirmation step of a time off over booked appointments (the holidays' list, in its words). */
export const TIME_OFF_AFFECTED = {
  title: "Agendamentos na folga",
  count: (n: number) => (n === 1 ? "1 agendamento cai nesta folga" : `${n} agendamentos caem nesta folga`),
  keep: "Eles continuam na agenda com este profissional. Remarque-os ou troque o profissional de cada um.",
} as const;

/** '08/12/2026', '08/12/2026 a 12/12/2026', '08/12/2026, 14:00 às 18:00', '08/12/2026 14:00 a 09/12/2026 12:00'. */
export function timeOffSpanText(t: Span): string {
  const one = t.startDate === t.endDate;
  if (t.startTime === null || t.endTime === null) return one ? formatDate(t.startDate) : `${formatDate(t.startDate)} a ${formatDate(t.endDate)}`;
  return one ? `${formatDate(t.startDate)}, ${t.startTime} às ${t.endTime}` : `${formatDate(t.startDate)} ${t.startTime} a ${formatDate(t.endDate)} ${t.endTime}`;
}
