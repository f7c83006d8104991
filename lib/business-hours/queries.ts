import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { BusinessCalendar, BusinessHoursRow } from "@/lib/appointments/rules/business-day";
import { nationalHolidaysAhead, type HolidayOutlook } from "@/lib/appointments/rules/holiday-outlook";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { normaliseTime } from "@/lib/core/time/time-of-day";
import { DEFAULT_BOOKING_WINDOW } from "./messages";

export type HolidayItem = {
  id: string;
  name: string;
  date: string;
  isWorking: boolean;
  openTime: string | null;
  closeTime: string | null;
};

export type BusinessHoursData = {
  today: string;
  bookingWindowDays: number;
  worksOnHolidays: boolean;
  /** The saved weekly rows (none for a business that never saved its hours). */
  hours: BusinessHoursRow[];
  /** The business's own holidays from today on, in date order. */
  holidays: HolidayItem[];
  /** Brazil's national holidays of the coming months and what the agenda does on each. */
  national: HolidayOutlook[];
};

/** How far ahead the screen lists national holidays. */
export const NATIONAL_HOLIDAYS_DAYS = 183;
/** A business adds a handful a year; the bound only keeps the page's size finite. */
const HOLIDAYS_LIMIT = 200;

const hhmm = (t: string | null) => (t ? normaliseTime(t, { endOfDay: true }) : null);

/** Everything the Horários de Funcionamento screen shows, for one business, in one round trip. */
export async function businessHoursData(businessId: string, conn: Conn = db, now: Date = new Date()): Promise<BusinessHoursData> {
  const today = todayInBusiness(now);
  const rows = await conn.execute<{
    kind: "business" | "settings" | "hours" | "holiday";
    id: string | null;
    n: number | null;
    flag: boolean | null;
    name: string | null;
    day: string | null;
    open_time: string | null;
    close_time: string | null;
  }>(sql`
    select 'business' as kind, null::uuid as id, booking_window_days as n, null::boolean as flag, null as name, null::text as day, null::text as open_time, null::text as close_time
      from businesses where id = ${businessId}
    union all
    select 'settings', null, null, works_on_holidays, null, null, null, null
      from business_holiday_settings where business_id = ${businessId}
    union all
    select 'hours', id, day_of_week, is_open, null, null, open_time::text, close_time::text
      from business_hours where business_id = ${businessId}
    union all
    (select 'holiday', id, null, is_working, holiday_name, holiday_date::text, open_time::text, close_time::text
       from business_holidays where business_id = ${businessId} and holiday_date >= ${today}
      order by holiday_date limit ${HOLIDAYS_LIMIT})`);

  const business = rows.find((r) => r.kind === "business");
  const hours = rows
    .filter((r) => r.kind === "hours")
    .map((r) => ({ dayOfWeek: r.n!, isOpen: !!r.flag, openTime: hhmm(r.open_time), closeTime: hhmm(r.close_time) }))
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek);
  const holidays = rows
    .filter((r) => r.kind === "holiday")
    .map((r) => ({ id: r.id!, name: r.name!, date: r.day!, isWorking: !!r.flag, openTime: hhmm(r.open_time), closeTime: hhmm(r.close_time) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const worksOnHolidays = rows.some((r) => r.kind === "settings" && r.flag === true);

  const calendar: BusinessCalendar = {
    hours,
    holidays: holidays.map((h) => ({ holidayDate: h.date, holidayName: h.name, isWorking: h.isWorking, openTime: h.openTime, closeTime: h.closeTime })),
    worksOnHolidays,
  };
  return {
    today,
    bookingWindowDays: business?.n ?? DEFAULT_BOOKING_WINDOW,
    worksOnHolidays,
    hours,
    holidays,
    national: nationalHolidaysAhead(today, NATIONAL_HOLIDAYS_DAYS, calendar),
  };
}
