/**
 * Issue 52 item 12, 'Em seguida': each line of an appointment starts at its time ('Ao mesmo tempo')
 * or when the line before it ends ('Em seguida'); each professional is blocked only for their own
 * lines. The rule in SQL (refresh_appointment_blocks, migration 0037) against the pure one
 * (lineOffsets / professionalSpans), the action's refusal, and the exclusion constraint under
 * concurrent bookings.
 */
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessHours, professionalServices } from "@/db/schema";
import { createAppointmentAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG, PROFESSIONAL_BUSY_CODE } from "@/lib/appointments/messages";
import { professionalsBusyText } from "@/lib/appointments/schemas";
import { professionalSpans, type Line } from "@/lib/appointments/rules/appointment-lines";
import { actAs } from "./act-as";
import { createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const MONDAY = "2031-04-07";

let pool: postgres.Sql;
beforeAll(() => {
  pool = postgres(process.env.DATABASE_URL!, { max: 12, onnotice: () => {} });
});
afterAll(async () => {
  await pool.end({ timeout: 5 });
});

async function salon() {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  await db.insert(businessHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "19:00" })),
  );
  const escova = await createService(business.id, 45, { name: `Escova ${uniq()}` });
  const barba = await createService(business.id, 30, { name: `Barba ${uniq()}` });
  const corte = await createService(business.id, null, { name: `Corte ${uniq()}` });
  const juliana = await createProfessional(business.id, { name: `Juliana ${uniq()}` });
  const rafael = await createProfessional(business.id, { name: `Rafael ${uniq()}` });
  await db.insert(professionalServices).values([
    { professionalId: juliana.id, serviceId: escova.id, price: "60.00", businessId: business.id },
    { professionalId: juliana.id, serviceId: corte.id, price: "50.00", businessId: business.id },
    { professionalId: rafael.id, serviceId: barba.id, price: "35.00", businessId: business.id },
    { professionalId: rafael.id, serviceId: corte.id, price: "45.00", businessId: business.id },
  ]);
  const client = await createClient(business.id, { name: `Cliente ${uniq()}` });
  const other = await createClient(business.id, { name: `Outra ${uniq()}` });
  return { owner, business, escova, barba, corte, juliana, rafael, client, other };
}
type Salon = Awaited<ReturnType<typeof salon>>;

/** Each professional's block of the appointment, "HH:MI–HH:MI", by professional id. */
async function blocks(appointmentId: string): Promise<Record<string, string>> {
  const rows = await db.execute<{ professional_id: string; b: string }>(sql`
    select professional_id, to_char(lower(period), 'HH24:MI') || '–' || to_char(upper(period), 'HH24:MI') as b
      from appointment_professional_blocks where appointment_id = ${appointmentId}`);
  return Object.fromEntries(rows.map((r) => [r.professional_id, r.b]));
}

const book = (s: Salon, time: string, lines: { serviceId: string; professionalId: string | null; afterPrevious?: boolean }[], clientId = s.client.id) =>
  createAppointmentAction({ businessId: s.business.id, client: { kind: "existing", id: clientId }, date: MONDAY, time, lines });

describe("'Em seguida': two professionals' lines", () => {
  let s: Salon;
  beforeEach(async () => {
    s = await salon();
    await actAs(s.owner.id);
  });

  test("by default a line with another professional follows the one before: Juliana 10:00–10:45, Rafael 10:45–11:15", async () => {
    const r = await book(s, "10:00", [
      { serviceId: s.escova.id, professionalId: s.juliana.id },
      { serviceId: s.barba.id, professionalId: s.rafael.id },
    ]);
    expect(r.ok).toBe(true);
    const id = (r as { id: string }).id;
    expect(await blocks(id)).toEqual({ [s.juliana.id]: "10:00–10:45", [s.rafael.id]: "10:45–11:15" });
    const lines = await db.execute<{ position: number; after_previous: boolean }>(sql`
      select position, after_previous from appointment_services where appointment_id = ${id} order by position`);
    expect(lines).toEqual([{ position: 0, after_previous: false }, { position: 1, after_previous: true }]);

    // Rafael is free at 10:00 (his line starts at 10:45)…
    expect(await book(s, "10:00", [{ serviceId: s.barba.id, professionalId: s.rafael.id }], s.other.id)).toMatchObject({ ok: true });
    // …and busy at 10:50.
    const third = await createClient(s.business.id);
    expect(await book(s, "10:50", [{ serviceId: s.barba.id, professionalId: s.rafael.id }], third.id)).toEqual({
      ok: false, code: PROFESSIONAL_BUSY_CODE, error: MSG.conflict, description: professionalsBusyText([s.rafael.name]),
    });
  });

  test("'Ao mesmo tempo' keeps today's rule: both from the appointment's time", async () => {
    const r = await book(s, "10:00", [
      { serviceId: s.escova.id, professionalId: s.juliana.id },
      { serviceId: s.barba.id, professionalId: s.rafael.id, afterPrevious: false },
    ]);
    expect(r.ok).toBe(true);
    expect(await blocks((r as { id: string }).id)).toEqual({ [s.juliana.id]: "10:00–10:45", [s.rafael.id]: "10:00–10:30" });
    expect(await book(s, "10:00", [{ serviceId: s.barba.id, professionalId: s.rafael.id }], s.other.id)).toMatchObject({ ok: false, error: MSG.conflict });
    expect(await book(s, "10:30", [{ serviceId: s.barba.id, professionalId: s.rafael.id }], s.other.id)).toMatchObject({ ok: true });
  });

  test("the trigger computes what lineOffsets/professionalSpans compute, on several shapes", async () => {
    const d = (id: string) => (id === s.escova.id ? 45 : id === s.barba.id ? 30 : null);
    type Shape = { serviceId: string; professionalId: string | null; afterPrevious: boolean }[];
    const J = s.juliana.id, R = s.rafael.id;
    const shapes: Shape[] = [
      [{ serviceId: s.escova.id, professionalId: J, afterPrevious: false }, { serviceId: s.barba.id, professionalId: R, afterPrevious: true }],
      [{ serviceId: s.escova.id, professionalId: J, afterPrevious: false }, { serviceId: s.corte.id, professionalId: J, afterPrevious: false }, { serviceId: s.barba.id, professionalId: R, afterPrevious: false }],
      [{ serviceId: s.barba.id, professionalId: R, afterPrevious: false }, { serviceId: s.escova.id, professionalId: J, afterPrevious: true }, { serviceId: s.corte.id, professionalId: R, afterPrevious: true }],
      [{ serviceId: s.escova.id, professionalId: null, afterPrevious: false }, { serviceId: s.barba.id, professionalId: R, afterPrevious: true }, { serviceId: s.corte.id, professionalId: J, afterPrevious: false }],
      [{ serviceId: s.corte.id, professionalId: J, afterPrevious: false }, { serviceId: s.barba.id, professionalId: R, afterPrevious: true }, { serviceId: s.escova.id, professionalId: J, afterPrevious: false }],
      // Lines nobody was given run back to back: the Barba 'em seguida' starts at 1:45.
      [{ serviceId: s.escova.id, professionalId: null, afterPrevious: false }, { serviceId: s.corte.id, professionalId: null, afterPrevious: false }, { serviceId: s.barba.id, professionalId: R, afterPrevious: true }],
    ];
    for (const [i, shape] of shapes.entries()) {
      const client = await createClient(s.business.id);
      const date = `2031-05-${String(10 + i).padStart(2, "0")}`;
      const id = await pool.begin(async (tx) => {
        const [a] = await tx<{ id: string }[]>`insert into appointments (business_id, client_id, date, time) values (${s.business.id}, ${client.id}, ${date}, '09:00') returning id`;
        // Inserted out of order: position, not insertion, orders the lines.
        for (const [position, l] of [...shape.entries()].reverse()) {
          await tx`insert into appointment_services (appointment_id, service_id, professional_id, business_id, position, after_previous)
                   values (${a.id}, ${l.serviceId}, ${l.professionalId}, ${s.business.id}, ${position}, ${l.afterPrevious})`;
        }
        return a.id;
      });
      const fmt = (m: number) => `${String(9 + Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
      const expected = Object.fromEntries(
        [...professionalSpans(shape.map((l): Line => ({ ...l, durationMinutes: d(l.serviceId) })))].map(([p, o]) => [p, `${fmt(o.start)}–${fmt(o.end)}`]),
      );
      expect(await blocks(id), `shape ${i}`).toEqual(expected);
    }
  });

  test("the exclusion constraint, not the app, refuses the overlap of concurrent bookings", async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => createClient(s.business.id)));
    // Each round: A (Juliana then Rafael, em seguida: Rafael 10:45–11:15) against B (Rafael alone at
    // 10:50), both open before either books. Exactly one commits; the other meets the constraint.
    for (const round of [0, 1]) {
      const date = `2031-06-0${2 + round}`;
      let arrived = 0;
      let release!: () => void;
      const all = new Promise<void>((r) => (release = r));
      const arrive = () => (++arrived === 2 ? release() : undefined, all);
      const run = (clientId: string, time: string, lines: { serviceId: string; professionalId: string; afterPrevious: boolean }[]) =>
        pool.begin(async (tx) => {
          await arrive();
          const [a] = await tx<{ id: string }[]>`insert into appointments (business_id, client_id, date, time) values (${s.business.id}, ${clientId}, ${date}, ${time}) returning id`;
          for (const [position, l] of lines.entries()) {
            await tx`insert into appointment_services (appointment_id, service_id, professional_id, business_id, position, after_previous)
                     values (${a.id}, ${l.serviceId}, ${l.professionalId}, ${s.business.id}, ${position}, ${l.afterPrevious})`;
          }
          await tx`select pg_sleep(0.05)`;
          return a.id;
        });
      const settled = await Promise.allSettled([
        run(clients[round * 2].id, "10:00", [
          { serviceId: s.escova.id, professionalId: s.juliana.id, afterPrevious: false },
          { serviceId: s.barba.id, professionalId: s.rafael.id, afterPrevious: true },
        ]),
        run(clients[round * 2 + 1].id, "10:50", [{ serviceId: s.barba.id, professionalId: s.rafael.id, afterPrevious: false }]),
      ]);
      const failed = settled.filter((x) => x.status === "rejected") as PromiseRejectedResult[];
      expect(failed, `round ${round}`).toHaveLength(1);
      expect(failed[0].reason).toMatchObject({ code: "23P01", constraint_name: "appointment_professional_blocks_no_overlap" });
    }
    // Ao mesmo tempo, the same two bookings do not collide (Rafael 10:00–10:30 and 10:50–11:20).
    const date = "2031-06-09";
    await Promise.all([
      pool.begin(async (tx) => {
        const [a] = await tx<{ id: string }[]>`insert into appointments (business_id, client_id, date, time) values (${s.business.id}, ${clients[0].id}, ${date}, '10:00') returning id`;
        await tx`insert into appointment_services (appointment_id, service_id, professional_id, business_id, position) values (${a.id}, ${s.escova.id}, ${s.juliana.id}, ${s.business.id}, 0)`;
        await tx`insert into appointment_services (appointment_id, service_id, professional_id, business_id, position) values (${a.id}, ${s.barba.id}, ${s.rafael.id}, ${s.business.id}, 1)`;
      }),
      pool.begin(async (tx) => {
        const [a] = await tx<{ id: string }[]>`insert into appointments (business_id, client_id, date, time) values (${s.business.id}, ${clients[1].id}, ${date}, '10:50') returning id`;
        await tx`insert into appointment_services (appointment_id, service_id, professional_id, business_id, position) values (${a.id}, ${s.barba.id}, ${s.rafael.id}, ${s.business.id}, 0)`;
      }),
    ]);
  });
});
