/**
 * Brazil's national holidays of the coming days and what the agenda does on each of them, decided
 * by the agenda's own rule (businessDay): the screen shows the truth, not a second opinion. Pure.
 */
import { addDays } from "@/lib/core/time/business-date";
import { fromMinutes } from "@/lib/core/time/overlap";
import { businessDay, type BusinessCalendar, type BusinessDay } from "./business-day";
import { nationalHolidays } from "./national-holidays";

export type HolidayOutlook = {
  date: string;
  /** The national holiday's name. */
  name: string;
  /** What the agenda does that day. */
  day: BusinessDay;
  /** The same in words (businessDayText), worked out here so the screen ships none of these rules. */
  dayText: string;
  /** The business's own holiday on the same date, which wins over the national one. */
  ownHoliday: string | null;
};

/** The national holidays from `today` through `today + days`, in date order. */
export function nationalHolidaysAhead(today: string, days: number, cal: BusinessCalendar): HolidayOutlook[] {
  const end = addDays(today, days);
  const years = new Set([Number(today.slice(0, 4)), Number(end.slice(0, 4))]);
  return [...years]
    .flatMap((y) => nationalHolidays(y))
    .filter((h) => h.date >= today && h.date <= end)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((h) => {
      const day = businessDay(h.date, cal);
      return { date: h.date, name: h.name, day, dayText: businessDayText(day), ownHoliday: cal.holidays.find((o) => o.holidayDate === h.date)?.holidayName ?? null };
    });
}

/** "Fechado", "Aberto das 08:00 às 19:00" or "Aberto, sem limite de horário". */
export function businessDayText(day: BusinessDay): string {
  if (!day.open) return "Fechado";
  return day.window ? `Aberto das ${fromMinutes(day.window.start)} às ${fromMinutes(day.window.end)}` : "Aberto, sem limite de horário";
}
