import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Conn } from "@/db";
import { businesses, businessHolidays, businessHolidaySettings, businessHours } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { loadBusinessCalendar } from "@/lib/appointments/day-context";
import { formatDate } from "@/lib/core/format/date";
import type { BusinessCalendar, BusinessHoursRow } from "@/lib/appointments/rules/business-day";
import { newlyOutside, type BookedAppointment } from "@/lib/appointments/rules/hours-impact";
import { storedDay } from "@/lib/appointments/rules/weekly-hours";
import { instantToBusinessParts, todayInBusiness } from "@/lib/core/time/business-time";
import { toMinutes } from "@/lib/core/time/overlap";
import { affectedRefusal, type AffectedAppointment } from "./affected";
import { HOURS_MESSAGES } from "./messages";
import type { addHolidaySchema, weeklyHoursSchema } from "./schemas";
import { STATUS_SQL } from "@/lib/appointments/status-sql";

/**
 * The writes of the Horários de Funcionamento screen. Each runs in the pipeline's transaction for
 * the business it checked (ctx.businessId); rows named by id are looked up within that business.
 * No audit rows: the spec audits appointments, clients, services and professionals only.
 */

type Booked = BookedAppointment & AffectedAppointment;

/**
 * The business's appointments that the hours rule still binds, matching `where`: not cancelled,
 * not yet begun (business zone), not an 'Encaixe'; with their lines in order (duration, professional,
 * 'em seguida': the hours rule times them by lineOffsets), in date order.
 */
async function boundAppointments(tx: Conn, businessId: string, where: SQL): Promise<Booked[]> {
  const now = instantToBusinessParts(new Date());
  const rows = await tx.execute<{
    id: string; date: string; time: string; status_id: number; client_name: string;
    lines: { durationMinutes: number | null; professionalId: string | null; afterPrevious: boolean }[] | null;
  }>(sql`
    select a.id, a.date::text as date, to_char(a.time, 'HH24:MI') as time, a.status_id, c.name as client_name,
           (select json_agg(json_build_object('durationMinutes', sv.duration_minutes, 'professionalId', s.professional_id,
                                              'afterPrevious', s.after_previous) order by s.position, s.id)
              from appointment_services s join services sv on sv.id = s.service_id
             where s.appointment_id = a.id) as lines
      from appointments a join clients c on c.id = a.client_id
     where a.business_id = ${businessId} and a.status_id <> ${STATUS_SQL.cancelado} and not a.outside_hours
       and a.date + a.time > ${`${now.date} ${now.time}`}::timestamp and ${where}
     order by a.date, a.time, c.name, a.id`);
  return rows.map((r) => ({
    id: r.id, date: r.date, time: r.time, statusId: r.status_id, clientName: r.client_name, outsideHours: false,
    // Timed as the blocks are (lineOffsets): 'ao mesmo tempo' lines of two professionals end together.
    lines: r.lines ?? [],
  }));
}

/**
 * The appointments a change of the calendar from `before` to `after` leaves outside the hours
 * (lib/appointments/rules/hours-impact.ts), as the screens list them.
 */
function affectedBy(booked: readonly Booked[], before: BusinessCalendar, after: BusinessCalendar): AffectedAppointment[] {
  return newlyOutside(booked, before, after).map(({ id, clientName, date, time }) => ({ id, clientName, date, time }));
}

/** A weekday's hours as the rule reads them ('none': no record, no limits). */
const dayKey = (row: BusinessHoursRow | undefined) =>
  !row ? "none" : row.isOpen ? `${row.openTime ? toMinutes(row.openTime) : ""}-${row.closeTime ? toMinutes(row.closeTime) : ""}` : "closed";

/**
 * The seven days in one statement: upserted on (business, day); closed days store no times. Days
 * that would leave booked appointments outside the hours are saved only when `confirm` says the
 * user saw them; otherwise the refusal lists them.
 */
export async function saveWeeklyHours({ ctx, tx }: Write, input: z.output<typeof weeklyHoursSchema>): Promise<ActionResult<{ affected?: number }>> {
  const week = input.days.map(storedDay);
  const today = todayInBusiness();
  const current = await loadBusinessCalendar(tx, ctx.businessId, today);
  const changed = week.filter((d) => dayKey(d) !== dayKey(current.hours.find((h) => h.dayOfWeek === d.dayOfWeek))).map((d) => d.dayOfWeek);
  let affected: AffectedAppointment[] = [];
  if (changed.length) {
    const booked = await boundAppointments(tx, ctx.businessId, sql`extract(dow from a.date)::int = any(${`{${changed.join(",")}}`}::int[])`);
    if (booked.length) {
      // The holidays of those dates decide them before and after alike.
      const before = await loadBusinessCalendar(tx, ctx.businessId, today, booked[booked.length - 1].date);
      affected = affectedBy(booked, before, { ...before, hours: week });
    }
  }
  if (affected.length && !input.confirm) return affectedRefusal(HOURS_MESSAGES.error, affected);
  const rows = week.map((d) => ({ ...d, businessId: ctx.businessId, userId: ctx.userId }));
  await tx
    .insert(businessHours)
    .values(rows)
    .onConflictDoUpdate({
      target: [businessHours.businessId, businessHours.dayOfWeek],
      set: {
        isOpen: sql`excluded.is_open`,
        openTime: sql`excluded.open_time`,
        closeTime: sql`excluded.close_time`,
        userId: sql`excluded.user_id`,
      },
    });
  return ok(affected.length ? { affected: affected.length } : {});
}

export async function saveBookingWindow({ ctx, tx }: Write, days: number): Promise<ActionResult> {
  await tx.update(businesses).set({ bookingWindowDays: days, updatedAt: new Date() }).where(eq(businesses.id, ctx.businessId));
  return ok();
}

export async function saveHolidaySetting({ ctx, tx }: Write, worksOnHolidays: boolean): Promise<ActionResult> {
  await tx
    .insert(businessHolidaySettings)
    .values({ businessId: ctx.businessId, userId: ctx.userId, worksOnHolidays })
    .onConflictDoUpdate({
      target: businessHolidaySettings.businessId,
      set: { worksOnHolidays, userId: ctx.userId, updatedAt: new Date() },
    });
  return ok();
}

/**
 * A specific holiday from today on, one per date (the unique index is the guarantee under
 * concurrency). One that leaves booked appointments outside its hours is added only when `confirm`
 * says the user saw them; otherwise the refusal lists them.
 */
export async function addHoliday({ ctx, tx }: Write, h: z.output<typeof addHolidaySchema>): Promise<ActionResult<{ id: string; affected?: number }>> {
  if (h.date < todayInBusiness()) {
    return fail(HOURS_MESSAGES.error, HOURS_MESSAGES.holidayPast, { date: HOURS_MESSAGES.holidayPast });
  }
  const [same] = await tx
    .select({ name: businessHolidays.holidayName })
    .from(businessHolidays)
    .where(and(eq(businessHolidays.businessId, ctx.businessId), eq(businessHolidays.holidayDate, h.date)));
  if (same) {
    const message = `Já existe um feriado em ${formatDate(h.date)}: "${same.name}". Remova-o antes de cadastrar outro nessa data.`;
    return fail(HOURS_MESSAGES.error, message, { date: message });
  }
  const booked = await boundAppointments(tx, ctx.businessId, sql`a.date = ${h.date}`);
  let affected: AffectedAppointment[] = [];
  if (booked.length) {
    const before = await loadBusinessCalendar(tx, ctx.businessId, h.date);
    const holiday = { holidayDate: h.date, holidayName: h.name, isWorking: h.isWorking, openTime: h.openTime, closeTime: h.closeTime };
    affected = affectedBy(booked, before, { ...before, holidays: [holiday] });
  }
  if (affected.length && !h.confirm) return affectedRefusal(HOURS_MESSAGES.error, affected);
  const [row] = await tx
    .insert(businessHolidays)
    .values({
      businessId: ctx.businessId, userId: ctx.userId, holidayName: h.name, holidayDate: h.date,
      isWorking: h.isWorking, openTime: h.openTime, closeTime: h.closeTime,
    })
    .returning({ id: businessHolidays.id });
  return ok({ id: row.id, ...(affected.length && { affected: affected.length }) });
}

export async function removeHoliday({ ctx, tx }: Write, id: string): Promise<ActionResult> {
  const gone = await tx
    .delete(businessHolidays)
    .where(and(eq(businessHolidays.id, id), eq(businessHolidays.businessId, ctx.businessId)))
    .returning({ id: businessHolidays.id });
  return gone.length ? ok() : fail(HOURS_MESSAGES.error, HOURS_MESSAGES.holidayNotFound);
}
