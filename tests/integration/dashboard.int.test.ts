/**
 * The dashboard's figures against values worked out by hand on a small fixed dataset, and who may
 * read them: the business's owner only.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import {
  auditLogs, businessHolidaySettings, businessHours, conversations, professionalBreaks, professionalServices, professionalWeeklySchedules,
} from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { dashboardRead } from "@/lib/dashboard/reads";
import { dashboardStats, type DashboardStats } from "@/lib/dashboard/queries";
import { DASHBOARD_MESSAGES } from "@/lib/dashboard/messages";
import { averageServiceValue, revenueOf } from "@/lib/appointments/rules/metrics";
import { addDays, dayOfWeek } from "@/lib/core/time/business-date";
import { businessDateTimeToInstant, todayInBusiness } from "@/lib/core/time/business-time";
import { actAs, readAs } from "./act-as";
import { addBusinessRole, createAppointment, createBusiness, createClient, createProfessional, createService, createUser } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const today = todayInBusiness();
const dow = dayOfWeek(today);
const weekday = dow >= 1 && dow <= 5;

describe("dashboard", () => {
  let owner: { id: string };
  let employee: { id: string };
  let otherOwner: { id: string };
  let business: { id: string };
  let other: { id: string };

  beforeAll(async () => {
    owner = await createUser();
    employee = await createUser();
    otherOwner = await createUser();
    business = await createBusiness(owner.id);
    other = await createBusiness(otherOwner.id);
    await addBusinessRole(employee.id, business.id, "employee");
    const b = business.id;

    // Open every day 08:00–18:00, holidays included, so today's capacity doesn't hang on the calendar.
    await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: b, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "18:00" })));
    await db.insert(businessHolidaySettings).values({ businessId: b, worksOnHolidays: true });

    const [c1, c2, c3] = await Promise.all([createClient(b), createClient(b), createClient(b)]);
    const corte = await createService(b, 30, { name: "Corte" });
    const coloracao = await createService(b, 120, { name: "Coloração" });
    const hidratacao = await createService(b, null, { name: "Hidratação" });
    const manicure = await createService(b, 45, { name: "Manicure" });
    const ana = await createProfessional(b, { name: "Ana" });
    const bia = await createProfessional(b, { name: "Bia" });
    const caio = await createProfessional(b, { name: "Caio", active: false });
    const duda = await createProfessional(b, { name: "Duda" });

    // Prices set: 50, 200, 80, 40, 35.50, 30 → mean 72.58.
    await db.insert(professionalServices).values([
      { businessId: b, professionalId: ana.id, serviceId: corte.id, price: "50.00" },
      { businessId: b, professionalId: ana.id, serviceId: coloracao.id, price: "200.00" },
      { businessId: b, professionalId: ana.id, serviceId: hidratacao.id, price: "80.00" },
      { businessId: b, professionalId: bia.id, serviceId: corte.id, price: "40.00" },
      { businessId: b, professionalId: bia.id, serviceId: manicure.id, price: "35.50" },
      { businessId: b, professionalId: caio.id, serviceId: corte.id, price: null },
      { businessId: b, professionalId: caio.id, serviceId: manicure.id, price: "30.00" },
      { businessId: b, professionalId: duda.id, serviceId: hidratacao.id, price: null },
    ]);
    // Today: Ana works 09:00–17:00 less a 12:00–13:00 break (420 min); Bia has no schedule, so the
    // business hours (08:00–18:00, the default lunch on weekdays: 540 or 600 min); Caio is inactive;
    // Duda is off today.
    await db.insert(professionalWeeklySchedules).values([
      { businessId: b, professionalId: ana.id, dayOfWeek: dow, isWorking: true, startTime: "09:00", endTime: "17:00" },
      { businessId: b, professionalId: caio.id, dayOfWeek: dow, isWorking: true, startTime: "08:00", endTime: "18:00" },
      { businessId: b, professionalId: duda.id, dayOfWeek: dow, isWorking: false },
    ]);
    await db.insert(professionalBreaks).values({ businessId: b, professionalId: ana.id, dayOfWeek: dow, startTime: "12:00", endTime: "13:00", label: "Almoço" });

    const book = (date: string, time: string, statusId: number, clientId: string, lines: [string, string | null][]) =>
      createAppointment({ businessId: b, clientId, date, time, statusId, services: lines.map(([serviceId, professionalId]) => ({ serviceId, professionalId })) });
    // Today: 130 + 35.50 confirmed (the Coloração nobody does has no price); 90 + 165 confirmed minutes.
    await book(today, "09:00", 2, c1.id, [[corte.id, ana.id], [hidratacao.id, ana.id]]);
    await book(today, "10:00", 2, c2.id, [[manicure.id, bia.id], [coloracao.id, null]]);
    await book(today, "14:00", 1, c1.id, [[coloracao.id, ana.id]]);
    await book(today, "15:00", 3, c3.id, [[corte.id, bia.id]]);
    await book(addDays(today, 1), "09:00", 2, c3.id, [[coloracao.id, ana.id]]); // +200
    await book(addDays(today, 7), "09:00", 1, c2.id, [[corte.id, bia.id]]); // last day of the next 7
    await book(addDays(today, 8), "10:00", 2, c1.id, [[corte.id, ana.id]]); // +50, after the next 7
    await book(addDays(today, -10), "09:00", 2, c1.id, [[hidratacao.id, ana.id], [corte.id, caio.id]]); // +80 (Caio has no price)
    await book(addDays(today, -35), "09:00", 2, c2.id, [[corte.id, bia.id], [manicure.id, bia.id]]); // +75.50, before the charts
    await book(addDays(today, -35), "11:00", 3, c3.id, [[corte.id, ana.id]]);
    // Concluded bills as confirmed does (+40); a no-show bills nothing; a pendente two days old is 'Pendente antigo'.
    await book(addDays(today, -3), "09:00", 4, c2.id, [[corte.id, bia.id]]);
    await book(addDays(today, -3), "11:00", 5, c3.id, [[corte.id, ana.id]]);
    await book(addDays(today, -2), "09:00", 1, c1.id, [[corte.id, ana.id]]);

    await db.insert(conversations).values([
      { businessId: b, clientId: c1.id, message: "Oi, tem horário amanhã?", isBot: false },
      { businessId: b, clientId: c1.id, message: "Temos às 09:00.", isBot: true },
    ]);
    await db.insert(auditLogs).values([
      { businessId: b, userId: owner.id, actionType: "CREATE", entityType: "client", description: "hoje 1" },
      { businessId: b, userId: owner.id, actionType: "UPDATE", entityType: "client", description: "hoje 2" },
      { businessId: b, userId: owner.id, actionType: "DELETE", entityType: "client", description: "antes", createdAt: new Date(Date.now() - 2 * 86_400_000) },
    ]);

    // Another business's day, which must not leak into these figures.
    const oc = await createClient(other.id);
    const os = await createService(other.id, 60);
    const op = await createProfessional(other.id);
    await db.insert(professionalServices).values({ businessId: other.id, professionalId: op.id, serviceId: os.id, price: "999.00" });
    await createAppointment({ businessId: other.id, clientId: oc.id, date: today, time: "09:00", statusId: 2, services: [{ serviceId: os.id, professionalId: op.id }] });
    await db.insert(conversations).values({ businessId: other.id, clientId: oc.id, message: "Oi", isBot: false });
  });

  const capacity = 420 + (weekday ? 540 : 600);
  const expected = {
    today,
    totals: { clients: 3, services: 4, appointments: 13, conversations: 2 },
    todayAppointments: 4,
    next7Days: 6,
    todayByStatus: { pending: 1, confirmed: 2, cancelled: 1, completed: 0 },
    revenue: { allTime: 611, today: 165.5 },
    averageServiceValue: 72.58,
    occupancy: { bookedMinutes: 255, availableMinutes: capacity, percent: weekday ? 27 : 25 }, // 255/960 = 26.6 %, 255/1020 = 25 %
    auditToday: 2,
    // The 30 days: 7 not cancelled (3 today, 1 ten days ago, 2 three days ago, 1 two days ago), 1 'Faltou'.
    noShows: { count: 1, booked: 7, percent: 14 },
    stalePending: 1,
  };

  function checkDaily(stats: DashboardStats) {
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily[0].date).toBe(addDays(today, -29));
    expect(stats.daily[29]).toEqual({ date: today, appointments: 4, confirmed: 2, revenue: 165.5 });
    expect(stats.daily[19]).toEqual({ date: addDays(today, -10), appointments: 1, confirmed: 1, revenue: 80 });
    expect(stats.daily[26]).toEqual({ date: addDays(today, -3), appointments: 2, confirmed: 0, revenue: 40 });
    expect(stats.daily[27]).toEqual({ date: addDays(today, -2), appointments: 1, confirmed: 0, revenue: 0 });
    const rest = stats.daily.filter((_, i) => ![19, 26, 27, 29].includes(i));
    expect(rest.every((d) => d.appointments === 0 && d.confirmed === 0 && d.revenue === 0)).toBe(true);
  }

  test("every figure, worked out by hand", async () => {
    const stats = await dashboardStats(business.id, today, businessDateTimeToInstant(today, "09:30"));
    expect(stats).toMatchObject(expected);
    // From 09:30 on, the next appointment not cancelled is the 10:00 one.
    expect(stats.nextAppointment).toMatchObject({ time: "10:00" });
    checkDaily(stats);
  });

  test("the SQL follows the rules' definitions (lib/appointments/rules/metrics.ts)", async () => {
    const lines = await db.execute<{ status_id: number; price: string | null; duration: number | null }>(sql`
      select a.status_id, ps.price::text as price, sv.duration_minutes as duration
        from appointments a join appointment_services s on s.appointment_id = a.id
        join services sv on sv.id = s.service_id
        left join professional_services ps on ps.professional_id = s.professional_id and ps.service_id = s.service_id
       where a.business_id = ${business.id}`);
    const prices = await db.execute<{ price: string | null }>(sql`select price::text as price from professional_services where business_id = ${business.id}`);
    expect(revenueOf(lines.map((l) => ({ statusId: l.status_id, price: l.price, durationMinutes: l.duration })))).toBe(expected.revenue.allTime);
    expect(averageServiceValue(prices.map((p) => p.price))).toBe(expected.averageServiceValue);
  });

  test("the next appointment: none once the day's last one started", async () => {
    const late = await dashboardStats(business.id, today, businessDateTimeToInstant(today, "14:01"));
    expect(late.nextAppointment).toBeNull();
    const early = await dashboardStats(business.id, today, businessDateTimeToInstant(today, "07:00"));
    expect(early.nextAppointment?.time).toBe("09:00");
  });

  test("the owner's read answers the same figures", async () => {
    await actAs(owner.id);
    const r = await readAs(dashboardRead, { businessId: business.id });
    expect(r.status).toBe(200);
    const stats = r.body as unknown as DashboardStats;
    expect(stats).toMatchObject(expected);
    checkDaily(stats);
  });

  test("refused to an employee, to another business's owner and to no session", async () => {
    const refused = { status: 403, body: { error: DASHBOARD_MESSAGES.loadError, description: ACCESS.forbidden } };
    await actAs(employee.id);
    expect(await readAs(dashboardRead, { businessId: business.id })).toEqual(refused);
    await actAs(otherOwner.id);
    expect(await readAs(dashboardRead, { businessId: business.id })).toEqual(refused);
    await actAs(null);
    expect(await readAs(dashboardRead, { businessId: business.id })).toEqual({ status: 401, body: { ...refused.body, description: ACCESS.notSignedIn } });
  });

  test("an empty business: zeros, no average, no occupancy without capacity", async () => {
    const lonely = await createBusiness(owner.id);
    await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: lonely.id, dayOfWeek: d, isOpen: false })));
    await createProfessional(lonely.id);
    const stats = await dashboardStats(lonely.id, today);
    expect(stats).toMatchObject({
      totals: { clients: 0, services: 0, appointments: 0, conversations: 0 },
      todayAppointments: 0, next7Days: 0, revenue: { allTime: 0, today: 0 }, averageServiceValue: null,
      occupancy: { percent: 0, bookedMinutes: 0, availableMinutes: 0 }, nextAppointment: null, auditToday: 0,
    });
    expect(stats.daily.every((d) => d.appointments === 0 && d.revenue === 0)).toBe(true);
  });
});
