import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { businesses, businessHolidays, businessHolidaySettings, businessHours } from "@/db/schema";
import type { Write } from "@/lib/actions/define-action";
import { fail, ok, type ActionResult } from "@/lib/actions/result";
import { formatDate } from "@/lib/format/date";
import { storedDay } from "@/lib/scheduling/weekly-hours";
import { todayInBusiness } from "@/lib/time/business-time";
import { HOURS_MESSAGES } from "./messages";
import type { addHolidaySchema, weeklyHoursSchema } from "./schemas";

/**
 * The writes of the Horários de Funcionamento screen. Each runs in the pipeline's transaction for
 * the business it checked (ctx.businessId); rows named by id are looked up within that business.
 * No audit rows: the spec audits appointments, clients, services and professionals only.
 */

/** The seven days in one statement: upserted on (business, day); closed days store no times. */
export async function saveWeeklyHours({ ctx, tx }: Write, input: z.output<typeof weeklyHoursSchema>): Promise<ActionResult> {
  const rows = input.days.map(storedDay).map((d) => ({ ...d, businessId: ctx.businessId, userId: ctx.userId }));
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
  return ok();
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

/** A specific holiday from today on, one per date (the unique index is the guarantee under concurrency). */
export async function addHoliday({ ctx, tx }: Write, h: z.output<typeof addHolidaySchema>): Promise<ActionResult<{ id: string }>> {
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
  const [row] = await tx
    .insert(businessHolidays)
    .values({
      businessId: ctx.businessId, userId: ctx.userId, holidayName: h.name, holidayDate: h.date,
      isWorking: h.isWorking, openTime: h.openTime, closeTime: h.closeTime,
    })
    .returning({ id: businessHolidays.id });
  return ok({ id: row.id });
}

export async function removeHoliday({ ctx, tx }: Write, id: string): Promise<ActionResult> {
  const gone = await tx
    .delete(businessHolidays)
    .where(and(eq(businessHolidays.id, id), eq(businessHolidays.businessId, ctx.businessId)))
    .returning({ id: businessHolidays.id });
  return gone.length ? ok() : fail(HOURS_MESSAGES.error, HOURS_MESSAGES.holidayNotFound);
}
