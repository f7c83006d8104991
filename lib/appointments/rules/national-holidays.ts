/**
 * Brazil's national holidays of a year (Lei 662/1949 and later laws; 20/11 national since Lei
 * 14.759/2023), plus the movable dates salons close for: Carnaval (Monday and Tuesday), Sexta-feira
 * Santa and Corpus Christi. The 'Funciona em feriados' switch of the business decides these days;
 * a specific holiday of the business on the same date wins over it.
 */
import { addDays } from "@/lib/core/time/business-date";

export type NationalHoliday = { date: string; name: string };

/** Easter Sunday (Meeus/Jones/Butcher Gregorian algorithm) as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const FIXED: [string, string][] = [
  ["01-01", "Confraternização Universal"],
  ["04-21", "Tiradentes"],
  ["05-01", "Dia do Trabalho"],
  ["09-07", "Independência do Brasil"],
  ["10-12", "Nossa Senhora Aparecida"],
  ["11-02", "Finados"],
  ["11-15", "Proclamação da República"],
  ["11-20", "Dia Nacional de Zumbi e da Consciência Negra"],
  ["12-25", "Natal"],
];

export function nationalHolidays(year: number): NationalHoliday[] {
  const easter = easterSunday(year);
  const list: NationalHoliday[] = [
    ...FIXED.filter(([md]) => md !== "11-20" || year >= 2024).map(([md, name]) => ({ date: `${year}-${md}`, name })),
    { date: addDays(easter, -48), name: "Carnaval" },
    { date: addDays(easter, -47), name: "Carnaval" },
    { date: addDays(easter, -2), name: "Sexta-feira Santa" },
    { date: addDays(easter, 60), name: "Corpus Christi" },
  ];
  return list.sort((x, y) => x.date.localeCompare(y.date));
}

/** The national holiday on `date` (YYYY-MM-DD), if any. */
export function nationalHolidayOn(date: string): NationalHoliday | null {
  return nationalHolidays(Number(date.slice(0, 4))).find((h) => h.date === date) ?? null;
}
