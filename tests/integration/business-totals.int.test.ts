/**
 * business_totals (migration 0015) is kept by deferred triggers on clients and conversations: after
 * every committed change it must equal a fresh count. A seeded random walk of inserts, deletions,
 * multi-step and rolled-back transactions checks that; concurrent inserts all count; a business's
 * deletion still commits; the dashboard's totals read the kept row.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, sqlClient } from "@/db";
import { appointments, auditLogs, clients, conversations } from "@/db/schema";
import { deleteBusiness } from "@/lib/admin/mutations";
import { auditLogCount } from "@/lib/audit-logs/queries";
import { NO_AUDIT_FILTERS } from "@/lib/audit-logs/schemas";
import { recordAudit } from "@/lib/audit/record";
import { dashboardStats } from "@/lib/dashboard/queries";
import { createAppointment, createBusiness, createClient, createUser } from "./fixtures";
import { prng } from "./prng";

type Totals = { clients: number; conversations: number };

async function kept(businessId: string): Promise<Totals | null> {
  const [row] = await db.execute<Totals>(sql`select clients, conversations from business_totals where business_id = ${businessId}`);
  return row ? { clients: Number(row.clients), conversations: Number(row.conversations) } : null;
}

async function recomputed(businessId: string): Promise<Totals> {
  const [row] = await db.execute<Totals>(sql`
    select (select count(*)::int from clients where business_id = ${businessId}) as clients,
           (select count(*)::int from conversations where business_id = ${businessId}) as conversations`);
  return { clients: Number(row.clients), conversations: Number(row.conversations) };
}

const talk = (businessId: string, clientId: string | null, message = "Olá! Tem horário amanhã?") =>
  db.insert(conversations).values({ businessId, clientId, message }).returning({ id: conversations.id });

describe("clients and conversations per business", () => {
  test("equal the recomputed counts after every insert, deletion, multi-step and rolled-back transaction", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const pick = prng(20261123);
    const people: string[] = [];
    const talks: string[] = [];

    for (let step = 0; step < 200; step++) {
      const op = pick(7);
      if (op <= 1 || !people.length) {
        people.push((await createClient(business.id)).id);
      } else if (op === 2) {
        const [c] = await talk(business.id, pick(2) ? people[pick(people.length)] : null);
        talks.push(c.id);
      } else if (op === 3 && talks.length) {
        const [id] = talks.splice(pick(talks.length), 1);
        await db.delete(conversations).where(eq(conversations.id, id));
      } else if (op === 4) {
        // A client deleted with their conversations kept (client_id set null): one client less only.
        const [id] = people.splice(pick(people.length), 1);
        await db.delete(clients).where(eq(clients.id, id));
      } else if (op === 5) {
        // Several changes in one transaction: each counted once, at commit.
        await db.transaction(async (tx) => {
          const [a] = await tx.insert(clients).values({ businessId: business.id, name: `Passageiro ${step}`, phone: "65 99999-0000" }).returning({ id: clients.id });
          await tx.insert(conversations).values({ businessId: business.id, clientId: a.id, message: "Oi" });
          await tx.delete(clients).where(eq(clients.id, a.id));
          const [b] = await tx.insert(clients).values({ businessId: business.id, name: `Fica ${step}`, phone: "65 99999-0001" }).returning({ id: clients.id });
          people.push(b.id);
        });
      } else {
        // A rolled-back change leaves the totals as they were.
        await db
          .transaction(async (tx) => {
            await tx.insert(clients).values({ businessId: business.id, name: "Desfeito", phone: "65 99999-0002" });
            await tx.insert(conversations).values({ businessId: business.id, message: "Desfeito" });
            throw new Error("desfeito");
          })
          .catch(() => undefined);
      }
      expect(await kept(business.id), `step ${step}`).toEqual(await recomputed(business.id));
    }
  });

  test("change only at commit: an open transaction's client is not counted yet", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const open = await sqlClient().reserve();
    try {
      await open`begin`;
      await open`insert into clients (business_id, name, phone) values (${business.id}, 'Ainda não', '65 99999-0003')`;
      expect(await open`select * from business_totals where business_id = ${business.id}`).toHaveLength(0);
      await open`commit`;
      expect(await kept(business.id)).toEqual({ clients: 1, conversations: 0 });
    } finally {
      open.release();
    }
  });

  test("16 concurrent new clients and conversations all count", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        db.transaction(async (tx) => {
          const [c] = await tx.insert(clients).values({ businessId: business.id, name: `Cliente ${i}`, phone: `65 99999-${String(i).padStart(4, "0")}` }).returning({ id: clients.id });
          await tx.insert(conversations).values({ businessId: business.id, clientId: c.id, message: `Mensagem ${i}` });
        }),
      ),
    );
    expect(await kept(business.id)).toEqual({ clients: 16, conversations: 16 });
  });

  test("a business deleted with its clients and conversations (the admin's deletion) commits, and its row goes with it", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const client = await createClient(business.id);
    await talk(business.id, client.id);
    await createAppointment({ businessId: business.id, clientId: client.id, date: "2033-07-01", time: "09:00" });
    expect(await kept(business.id)).toEqual({ clients: 1, conversations: 1 });
    expect((await deleteBusiness(business.id)).ok).toBe(true);
    expect(await kept(business.id)).toBeNull();
  });

  test("the dashboard's totals read them, and its appointment total the per-day counts", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const a = await createClient(business.id);
    const b = await createClient(business.id);
    const c = await createClient(business.id);
    await talk(business.id, a.id);
    await talk(business.id, null);
    await talk(business.id, b.id);
    await createAppointment({ businessId: business.id, clientId: a.id, date: "2033-08-01", time: "09:00" });
    const gone = await createAppointment({ businessId: business.id, clientId: b.id, date: "2033-08-02", time: "09:00", statusId: 3 });
    const stats = await dashboardStats(business.id, "2033-08-01");
    expect(stats.totals).toMatchObject({ clients: 3, conversations: 3, appointments: 2 });
    await db.delete(clients).where(eq(clients.id, c.id));
    await db.delete(appointments).where(eq(appointments.id, gone.id));
    expect((await dashboardStats(business.id, "2033-08-01")).totals).toMatchObject({ clients: 2, conversations: 3, appointments: 1 });
  });
});

describe("audit entries per business (migration 0018)", () => {
  const keptAudit = async (businessId: string) =>
    (await db.execute<{ n: number }>(sql`select audit_logs as n from business_totals where business_id = ${businessId}`)).map((r) => Number(r.n))[0] ?? null;
  const countedAudit = async (businessId: string) =>
    Number((await db.execute<{ n: string }>(sql`select count(*) as n from audit_logs where business_id = ${businessId}`))[0].n);
  const entry = (businessId: string, description: string) =>
    ({ businessId, actorId: null, action: "CREATE", entity: "client", entityId: null, description }) as const;

  test("equal the recomputed count after every entry, deletion, several in one transaction and rolled-back transaction", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const other = await createBusiness(owner.id);
    const pick = prng(20261124);
    for (let step = 0; step < 60; step++) {
      const op = pick(5);
      if (op <= 1) {
        await recordAudit(db, entry(business.id, `Passo ${step}`));
      } else if (op === 2) {
        await db.transaction(async (tx) => {
          for (let i = 0; i <= pick(3); i++) await recordAudit(tx, entry(pick(2) ? business.id : other.id, `Passo ${step}.${i}`));
        });
      } else if (op === 3) {
        const [one] = await db.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.businessId, business.id)).limit(1);
        if (one) await db.delete(auditLogs).where(eq(auditLogs.id, one.id));
      } else {
        await db
          .transaction(async (tx) => {
            await recordAudit(tx, entry(business.id, "Desfeito"));
            throw new Error("desfeito");
          })
          .catch(() => undefined);
      }
      expect(await keptAudit(business.id), `step ${step}`).toBe(await countedAudit(business.id));
    }
    expect(await keptAudit(other.id)).toBe(await countedAudit(other.id));
  });

  // A booking's commit takes the business's advisory lock (the per-day counts) before its audit
  // entry's totals row; a booking with a new client takes the row first (the client). Without one
  // order for both, such commits running together deadlocked.
  test("bookings with new and existing clients committing together neither deadlock nor miss a count", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const regulars = await Promise.all(Array.from({ length: 12 }, () => createClient(business.id)));
    const book = (k: number) =>
      db.transaction(async (tx) => {
        const clientId = k % 2 ? (await createClient(business.id, {}, tx)).id : regulars[k].id;
        await tx.insert(appointments).values({ businessId: business.id, clientId, date: "2034-03-01", time: `${String(7 + k).padStart(2, "0")}:00`, statusId: 1 });
        await recordAudit(tx, entry(business.id, `Agendamento ${k}`));
      });
    for (let round = 0; round < 3; round++) {
      await db.delete(appointments).where(eq(appointments.businessId, business.id));
      const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, k) => book(k)));
      expect(outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    }
    expect(await keptAudit(business.id)).toBe(36);
    expect(await kept(business.id)).toEqual(await recomputed(business.id));
  });

  test("the audit page's unfiltered total reads the kept count; a filtered one counts", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    for (let i = 0; i < 3; i++) await recordAudit(db, entry(business.id, `Entrada ${i}`));
    expect(await auditLogCount(business.id, NO_AUDIT_FILTERS)).toBe(3);
    // Proof that it is the kept row that is read: set apart from the entries, it is what comes back.
    await db.execute(sql`update business_totals set audit_logs = 41 where business_id = ${business.id}`);
    expect(await auditLogCount(business.id, NO_AUDIT_FILTERS)).toBe(41);
    expect(await auditLogCount(business.id, { ...NO_AUDIT_FILTERS, action: "CREATE" })).toBe(3);
    await db.execute(sql`delete from business_totals where business_id = ${business.id}`);
    expect(await auditLogCount(business.id, NO_AUDIT_FILTERS)).toBe(3);
  });
});
