import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db";
import {
  appointmentServices, appointments, auditLogs, businesses, clients, conversations, professionalServices,
  professionals, roles, saasConfig, services, userBusinessRoles, userRoles, users,
} from "@/db/schema";
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemo, type SeedResult } from "@/db/seed";
import { STATUS } from "@/lib/appointments/status";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { verifyPassword } from "@/lib/auth/password";

const EMAILS = Object.values(DEMO_EMAILS);

async function ownedBusiness(email: string): Promise<string> {
  const [row] = await db
    .select({ id: userBusinessRoles.businessId })
    .from(userBusinessRoles)
    .innerJoin(users, eq(users.id, userBusinessRoles.userId))
    .where(and(eq(users.email, email), eq(userBusinessRoles.role, "owner")));
  return row.id;
}

/** Row counts of everything the seed writes, restricted to its own users and businesses. */
async function seedCounts() {
  const userIds = (await db.select({ id: users.id }).from(users).where(inArray(users.email, EMAILS))).map((u) => u.id);
  const businessIds = [await ownedBusiness(DEMO_EMAILS.owner), await ownedBusiness(DEMO_EMAILS.otherOwner)];
  const count = async (table: typeof clients | typeof services | typeof professionals | typeof appointments
    | typeof appointmentServices | typeof conversations | typeof auditLogs) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(inArray(table.businessId, businessIds)))[0].n;
  return {
    users: userIds.length,
    userRoles: (await db.select().from(userRoles).where(inArray(userRoles.userId, userIds))).length,
    businessRoles: (await db.select().from(userBusinessRoles).where(inArray(userBusinessRoles.businessId, businessIds))).length,
    businesses: (await db.select().from(businesses).where(inArray(businesses.name, ["Studio Bela Vista", "Barbearia do Paulo"]))).length,
    clients: await count(clients),
    services: await count(services),
    professionals: await count(professionals),
    appointments: await count(appointments),
    appointmentServices: await count(appointmentServices),
    conversations: await count(conversations),
    auditLogs: await count(auditLogs),
  };
}

describe("seedDemo", () => {
  let first: SeedResult;
  let studio: string;
  let barbershop: string;

  beforeAll(async () => {
    first = await seedDemo();
    studio = await ownedBusiness(DEMO_EMAILS.owner);
    barbershop = await ownedBusiness(DEMO_EMAILS.otherOwner);
  });

  test("the first run creates the data", () => {
    expect(first.created).toBe(true);
    expect(first.summary?.appointments).toBeGreaterThan(100);
  });

  test("creates the four accounts, verified, with argon2id hashes of the demo password", async () => {
    const rows = await db.select().from(users).where(inArray(users.email, EMAILS));
    expect(rows.map((u) => u.email).sort()).toEqual([...EMAILS].sort());
    for (const user of rows) {
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      expect(user.registered).toBe(true);
      expect(user.fullName).toBeTruthy();
      expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(user.passwordHash!, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(user.passwordHash!, "senha-errada")).toBe(false);
    }
  });

  test("gives each account its global role and registers the platform admin", async () => {
    const rows = await db
      .select({ email: users.email, role: roles.name })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(users.email, EMAILS));
    expect(Object.fromEntries(rows.map((r) => [r.email, r.role]))).toEqual({
      [DEMO_EMAILS.owner]: "business_owner",
      [DEMO_EMAILS.employee]: "employee",
      [DEMO_EMAILS.admin]: "saas_admin",
      [DEMO_EMAILS.otherOwner]: "business_owner",
    });
    const [config] = await db.select().from(saasConfig).where(eq(saasConfig.configKey, "saas_admin_emails"));
    expect(config.configValue).toContain(DEMO_EMAILS.admin);
  });

  test("the employee belongs to the studio and the studio has its catalogue", async () => {
    const team = await db
      .select({ email: users.email, role: userBusinessRoles.role })
      .from(userBusinessRoles)
      .innerJoin(users, eq(users.id, userBusinessRoles.userId))
      .where(eq(userBusinessRoles.businessId, studio));
    expect(team).toEqual(expect.arrayContaining([
      { email: DEMO_EMAILS.owner, role: "owner" },
      { email: DEMO_EMAILS.employee, role: "employee" },
    ]));
    const [business] = await db.select().from(businesses).where(eq(businesses.id, studio));
    expect(business).toMatchObject({ name: "Studio Bela Vista", monthlyFee: "149.90", subscriptionStatus: "active" });
    expect((await db.select().from(services).where(eq(services.businessId, studio))).length).toBe(8);
    const pros = await db.select().from(professionals).where(eq(professionals.businessId, studio));
    expect(pros.length).toBe(4);
    expect(pros.filter((p) => !p.active).length).toBe(1);
    expect((await db.select().from(clients).where(eq(clients.businessId, studio))).length).toBe(40);
  });

  test("appointments cover every status, the past and the future of the business's today", async () => {
    const today = todayInBusiness();
    const rows = await db.select().from(appointments).where(eq(appointments.businessId, studio));
    const past = rows.filter((a) => a.date < today);
    const future = rows.filter((a) => a.date >= today);
    expect(new Set(rows.map((a) => a.statusId))).toEqual(new Set(Object.values(STATUS)));
    expect(past.length).toBeGreaterThan(0);
    expect(future.length).toBeGreaterThan(0);
    expect(new Set(past.map((a) => a.statusId))).toEqual(new Set([STATUS.concluido, STATUS.faltou, STATUS.confirmado, STATUS.cancelado]));
    expect(new Set(future.map((a) => a.statusId))).toEqual(new Set([STATUS.pendente, STATUS.confirmado]));
    for (const a of rows) {
      expect(a.date >= addDaysUtc(today, -30) && a.date <= addDaysUtc(today, 14)).toBe(true);
      expect(a.time).toMatch(/^(0[89]|1[0-8]):(00|30):00$/);
      expect(new Date(`${a.date}T00:00:00Z`).getUTCDay()).not.toBe(0);
    }
  });

  test("every scheduled service is done by a professional of the business who offers it", async () => {
    const items = await db.select().from(appointmentServices).where(eq(appointmentServices.businessId, studio));
    const offers = await db.select().from(professionalServices).where(eq(professionalServices.businessId, studio));
    const offered = new Set(offers.map((o) => `${o.professionalId}|${o.serviceId}`));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(offered.has(`${item.professionalId}|${item.serviceId}`)).toBe(true);
  });

  test("conversations and audit logs belong to the studio", async () => {
    const chats = await db.select().from(conversations).where(eq(conversations.businessId, studio));
    expect(chats.length).toBeGreaterThanOrEqual(20);
    expect(chats.some((c) => c.isBot) && chats.some((c) => !c.isBot)).toBe(true);
    const logs = await db.select().from(auditLogs).where(eq(auditLogs.businessId, studio));
    expect(logs.length).toBeGreaterThanOrEqual(10);
    expect(new Set(logs.map((l) => l.actionType))).toEqual(new Set(["CREATE", "UPDATE", "DELETE"]));
    expect(logs.some((l) => l.description === "Agendamento criado para Ana Souza")).toBe(true);
  });

  test("the second business keeps its data apart", async () => {
    expect(barbershop).not.toBe(studio);
    const crossed = await db
      .select({ id: appointments.id })
      .from(appointments)
      .innerJoin(clients, eq(clients.id, appointments.clientId))
      .where(and(eq(appointments.businessId, barbershop), sql`${clients.businessId} is distinct from ${barbershop}`));
    expect(crossed).toEqual([]);
    const own = await db.select().from(appointments).where(eq(appointments.businessId, barbershop));
    expect(own.length).toBeGreaterThan(0);
    const foreignItems = await db
      .select({ id: appointmentServices.id })
      .from(appointmentServices)
      .innerJoin(professionals, eq(professionals.id, appointmentServices.professionalId))
      .where(and(eq(appointmentServices.businessId, barbershop), sql`${professionals.businessId} <> ${barbershop}`));
    expect(foreignItems).toEqual([]);
  });

  test("running it again changes nothing", async () => {
    const before = await seedCounts();
    expect(await seedDemo()).toEqual({ created: false });
    expect(await seedCounts()).toEqual(before);
    expect(before.users).toBe(4);
    expect(before.businesses).toBe(2);
  });
});

function addDaysUtc(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
