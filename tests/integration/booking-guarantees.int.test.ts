/**
 * The booking guarantees of migration 0001_booking_guarantees.sql, exercised against the real
 * database: the client rule (appointments_client_no_overlap, 60 minutes, cancelled excluded) and
 * the professional rule (appointment_professional_blocks_no_overlap, blocks kept by triggers).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db";
import { appointmentServices, appointments, professionals } from "@/db/schema";
import {
  createAppointment, createClient, createProfessional, createSalon, createService, pgCode, pgConstraint,
} from "./fixtures";

const DATE = "2030-01-10";
const RACE_DATES = ["2030-02-04", "2030-02-05", "2030-02-06"];
const EXCLUSION_VIOLATION = "23P01";
const CLIENT_RULE = "appointments_client_no_overlap";
const PROFESSIONAL_RULE = "appointment_professional_blocks_no_overlap";
const CANCELLED = 3;
const PENDING = 1;

/** A dedicated pool so that 20 transactions really run on 20 connections at once. */
let pool: postgres.Sql;
beforeAll(() => {
  pool = postgres(process.env.DATABASE_URL!, { max: 25, onnotice: () => {} });
});
afterAll(async () => {
  await pool.end({ timeout: 5 });
});

/** Awaits a promise that must fail with SQLSTATE `code` (and, if given, on `constraint`). */
async function expectPgError(promise: Promise<unknown>, code: string, constraint?: string) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected the statement to fail with SQLSTATE ${code}`).toBeDefined();
  expect(pgCode(err)).toBe(code);
  if (constraint) expect(pgConstraint(err)).toBe(constraint);
}

/** The busy blocks of a professional as "YYYY-MM-DD HH:MI–HH:MI" (end date shown only if it differs). */
async function blocksOf(professionalId: string): Promise<string[]> {
  const rows = await db.execute<{ b: string }>(sql`
    select to_char(lower(period), 'YYYY-MM-DD HH24:MI') || '–' ||
           case when upper(period)::date = lower(period)::date then to_char(upper(period), 'HH24:MI')
                else to_char(upper(period), 'YYYY-MM-DD HH24:MI') end as b
    from appointment_professional_blocks
    where professional_id = ${professionalId}
    order by lower(period)`);
  return rows.map((r) => r.b);
}

async function blocksOfAppointment(appointmentId: string): Promise<{ professionalId: string; block: string }[]> {
  const rows = await db.execute<{ professional_id: string; b: string }>(sql`
    select professional_id, to_char(lower(period), 'YYYY-MM-DD HH24:MI') || '–' || to_char(upper(period), 'HH24:MI') as b
    from appointment_professional_blocks
    where appointment_id = ${appointmentId}
    order by lower(period), professional_id`);
  return rows.map((r) => ({ professionalId: r.professional_id, block: r.b }));
}

async function activeAppointmentsOfBusiness(businessId: string) {
  return db
    .select({ id: appointments.id, clientId: appointments.clientId, time: appointments.time })
    .from(appointments)
    .where(and(eq(appointments.businessId, businessId), ne(appointments.statusId, CANCELLED)));
}

async function statusOf(appointmentId: string): Promise<number> {
  const [row] = await db.select({ statusId: appointments.statusId }).from(appointments).where(eq(appointments.id, appointmentId));
  return row.statusId;
}

// ---------------------------------------------------------------------------------------------
// Concurrency: N transactions on N connections, all open before any of them books.
// ---------------------------------------------------------------------------------------------

function barrier(n: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  return () => {
    if (++arrived === n) release();
    return all;
  };
}

type Booking = {
  businessId: string;
  clientId: string;
  date: string;
  time: string;
  services: { serviceId: string; professionalId: string | null }[];
};

/** Books in raw SQL on the given transaction, so errors are postgres.js errors (err.code). */
async function bookRaw(tx: postgres.TransactionSql, b: Booking): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into appointments (business_id, client_id, date, time)
    values (${b.businessId}, ${b.clientId}, ${b.date}, ${b.time})
    returning id`;
  for (const s of b.services) {
    await tx`
      insert into appointment_services (appointment_id, service_id, professional_id, business_id)
      values (${row.id}, ${s.serviceId}, ${s.professionalId}, ${b.businessId})`;
  }
  return row.id;
}

type RaceOutcome = { committed: string[]; errors: { code: unknown; constraint: unknown; message: string }[]; backends: number };

async function race(bookings: Booking[]): Promise<RaceOutcome> {
  const arrive = barrier(bookings.length);
  const pids = new Set<number>();
  const settled = await Promise.allSettled(
    bookings.map((b) =>
      pool.begin(async (tx) => {
        const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        pids.add(pid);
        await arrive(); // every transaction is open on its own connection before anyone books
        const id = await bookRaw(tx, b);
        await tx`select pg_sleep(0.05)`; // hold the booking uncommitted while the others collide with it
        return id;
      }),
    ),
  );
  const committed: string[] = [];
  const errors: RaceOutcome["errors"] = [];
  for (const s of settled) {
    if (s.status === "fulfilled") committed.push(s.value as string);
    else {
      const e = s.reason as { code?: unknown; constraint_name?: unknown; message?: string };
      errors.push({ code: e.code, constraint: e.constraint_name, message: String(e.message) });
    }
  }
  return { committed, errors, backends: pids.size };
}

const minutesAfter = (hhmm: string, minutes: number) => {
  const [h, m] = hhmm.split(":").map(Number);
  const t = h * 60 + m + minutes;
  return `${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;
};

describe("concurrent bookings", () => {
  test("20 concurrent bookings of one professional (different clients, overlapping times): exactly one commits, 19 fail with 23P01", async () => {
    // Several rounds (one date each): which transaction wins, and how the others collide, varies by timing.
    for (const date of RACE_DATES) {
      const { business, service, professional } = await createSalon();
      const clients = await Promise.all(Array.from({ length: 20 }, () => createClient(business.id)));
      const bookings: Booking[] = clients.map((c, i) => ({
        businessId: business.id,
        clientId: c.id,
        date,
        time: minutesAfter("10:00", i), // 10:00 … 10:19, 60 minutes each: all pairwise overlapping
        services: [{ serviceId: service.id, professionalId: professional.id }],
      }));

      const outcome = await race(bookings);

      expect(outcome.backends).toBe(20);
      expect(outcome.committed).toHaveLength(1);
      expect(outcome.errors).toHaveLength(19);
      // Anything but an exclusion violation (e.g. 40P01 deadlock_detected) is listed with its message.
      expect(outcome.errors.filter((e) => e.code !== EXCLUSION_VIOLATION).map((e) => `${e.code}: ${e.message}`)).toEqual([]);
      expect(outcome.errors.map((e) => e.code)).toEqual(Array(19).fill(EXCLUSION_VIOLATION));
      expect(outcome.errors.map((e) => e.constraint)).toEqual(Array(19).fill(PROFESSIONAL_RULE));

      const winner = outcome.committed[0];
      const active = await activeAppointmentsOfBusiness(business.id);
      expect(active.map((a) => a.id)).toEqual([winner]);
      const blocks = await blocksOfAppointment(winner);
      expect(blocks).toHaveLength(1);
      expect(blocks[0].professionalId).toBe(professional.id);
      expect(await blocksOf(professional.id)).toEqual([`${date} ${active[0].time.slice(0, 5)}–${minutesAfter(active[0].time.slice(0, 5), 60)}`]);
    }
  });

  test("20 concurrent bookings of one client without professional: exactly one commits, 19 fail with 23P01", async () => {
    // Several rounds (one date each): which transaction wins, and how the others collide, varies by timing.
    for (const date of RACE_DATES) {
      const { business, client, service } = await createSalon();
      const bookings: Booking[] = Array.from({ length: 20 }, (_, i) => ({
        businessId: business.id,
        clientId: client.id,
        date,
        time: minutesAfter("10:00", i * 2), // 10:00 … 10:38
        services: [{ serviceId: service.id, professionalId: null }],
      }));

      const outcome = await race(bookings);

      expect(outcome.backends).toBe(20);
      expect(outcome.committed).toHaveLength(1);
      // Anything but an exclusion violation (e.g. 40P01 deadlock_detected) is listed with its message.
      expect(outcome.errors.filter((e) => e.code !== EXCLUSION_VIOLATION).map((e) => `${e.code}: ${e.message}`)).toEqual([]);
      expect(outcome.errors.map((e) => e.code)).toEqual(Array(19).fill(EXCLUSION_VIOLATION));
      expect(outcome.errors.map((e) => e.constraint)).toEqual(Array(19).fill(CLIENT_RULE));

      const active = await activeAppointmentsOfBusiness(business.id);
      expect(active.map((a) => a.id)).toEqual(outcome.committed);
      const services = await db.select().from(appointmentServices).where(eq(appointmentServices.businessId, business.id));
      expect(services.map((s) => s.appointmentId)).toEqual(outcome.committed);
      expect(await blocksOfAppointment(outcome.committed[0])).toEqual([]);
    }
  });

  test("20 concurrent bookings of one client with 20 different professionals: exactly one commits, 19 fail with 23P01", async () => {
    // Several rounds (one date each): which transaction wins, and how the others collide, varies by timing.
    for (const date of RACE_DATES) {
      const { business, client, service } = await createSalon();
      const pros = await Promise.all(Array.from({ length: 20 }, () => createProfessional(business.id)));
      const bookings: Booking[] = pros.map((p, i) => ({
        businessId: business.id,
        clientId: client.id,
        date,
        time: minutesAfter("10:00", i),
        services: [{ serviceId: service.id, professionalId: p.id }],
      }));

      const outcome = await race(bookings);

      expect(outcome.backends).toBe(20);
      expect(outcome.committed).toHaveLength(1);
      // Anything but an exclusion violation (e.g. 40P01 deadlock_detected) is listed with its message.
      expect(outcome.errors.filter((e) => e.code !== EXCLUSION_VIOLATION).map((e) => `${e.code}: ${e.message}`)).toEqual([]);
      expect(outcome.errors.map((e) => e.code)).toEqual(Array(19).fill(EXCLUSION_VIOLATION));
      expect(outcome.errors.map((e) => e.constraint)).toEqual(Array(19).fill(CLIENT_RULE));

      const active = await activeAppointmentsOfBusiness(business.id);
      expect(active.map((a) => a.id)).toEqual(outcome.committed);
      const allBlocks = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from appointment_professional_blocks where business_id = ${business.id}`,
      );
      expect(allBlocks[0].n).toBe(1);
      expect(await blocksOfAppointment(outcome.committed[0])).toHaveLength(1);
    }
  });
});

describe("concurrent changes of one appointment", () => {
  test("a move committed while another transaction adds a professional to the same appointment leaves no stale block", async () => {
    const { business, client, service } = await createSalon();
    const pro = await createProfessional(business.id);
    const appt = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: null }],
    });

    let releaseAdder!: () => void;
    const adderMayCommit = new Promise<void>((resolve) => (releaseAdder = resolve));
    let markAdded!: () => void;
    const added = new Promise<void>((resolve) => (markAdded = resolve));
    // Transaction 1 assigns the professional to the appointment and stays open for a moment…
    const adder = pool.begin(async (tx) => {
      await tx`
        insert into appointment_services (appointment_id, service_id, professional_id, business_id)
        values (${appt.id}, ${service.id}, ${pro.id}, ${business.id})`;
      markAdded();
      await adderMayCommit;
    });
    await added;
    // …while transaction 2 moves the appointment to 15:00 (it may have to wait for transaction 1).
    const mover = pool.begin(async (tx) => {
      await tx`update appointments set time = '15:00' where id = ${appt.id}`;
    });
    setTimeout(releaseAdder, 300);
    await Promise.all([adder, mover]);

    const [row] = await db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect(row.time).toBe("15:00:00");
    // The professional must be blocked where the appointment now is, not where it was.
    expect(await blocksOf(pro.id)).toEqual([`${DATE} 15:00–16:00`]);
    await expectPgError(
      createAppointment({
        businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "15:00",
        services: [{ serviceId: service.id, professionalId: pro.id }],
      }),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Sequential rules.
// ---------------------------------------------------------------------------------------------

describe("cancelling", () => {
  test("cancelling an appointment frees the professional and the client at that time", async () => {
    const { business, client, service, professional } = await createSalon();
    const otherClient = await createClient(business.id);
    const otherPro = await createProfessional(business.id);
    const first = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`]);

    // Taken: the professional for another client, the client with another professional.
    await expectPgError(
      createAppointment({
        businessId: business.id, clientId: otherClient.id, date: DATE, time: "10:00",
        services: [{ serviceId: service.id, professionalId: professional.id }],
      }),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );
    await expectPgError(
      createAppointment({
        businessId: business.id, clientId: client.id, date: DATE, time: "10:30",
        services: [{ serviceId: service.id, professionalId: otherPro.id }],
      }),
      EXCLUSION_VIOLATION, CLIENT_RULE,
    );

    await db.update(appointments).set({ statusId: CANCELLED }).where(eq(appointments.id, first.id));
    expect(await blocksOfAppointment(first.id)).toEqual([]);
    expect(await blocksOf(professional.id)).toEqual([]);

    const second = await createAppointment({
      businessId: business.id, clientId: otherClient.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    const third = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: otherPro.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`]);
    expect(await blocksOf(otherPro.id)).toEqual([`${DATE} 10:00–11:00`]);
    expect((await activeAppointmentsOfBusiness(business.id)).map((a) => a.id).sort()).toEqual([second.id, third.id].sort());
  });

  test("an appointment created already cancelled holds nothing", async () => {
    const { business, client, service, professional } = await createSalon();
    const cancelled = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00", statusId: CANCELLED,
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    expect(await blocksOfAppointment(cancelled.id)).toEqual([]);
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`]);
  });
});

describe("back-to-back", () => {
  test("10:00–11:00 and 11:00–12:00 for the same professional both succeed", async () => {
    const { business, client, service, professional } = await createSalon();
    const otherClient = await createClient(business.id);
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    await createAppointment({
      businessId: business.id, clientId: otherClient.id, date: DATE, time: "11:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    // …and the one before: 09:00–10:00.
    await createAppointment({
      businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "09:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 09:00–10:00`, `${DATE} 10:00–11:00`, `${DATE} 11:00–12:00`]);
  });

  test("the same client at 10:00 and 11:00 succeeds, at 10:59 does not", async () => {
    const { business, client, service } = await createSalon();
    const proA = await createProfessional(business.id);
    const proB = await createProfessional(business.id);
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: proA.id }],
    });
    await expectPgError(
      createAppointment({
        businessId: business.id, clientId: client.id, date: DATE, time: "10:59",
        services: [{ serviceId: service.id, professionalId: proB.id }],
      }),
      EXCLUSION_VIOLATION, CLIENT_RULE,
    );
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "11:00",
      services: [{ serviceId: service.id, professionalId: proB.id }],
    });
    await createAppointment({ businessId: business.id, clientId: client.id, date: DATE, time: "12:00" }); // no services at all
    expect((await activeAppointmentsOfBusiness(business.id)).map((a) => a.time).sort()).toEqual(["10:00:00", "11:00:00", "12:00:00"]);
    expect(await blocksOf(proB.id)).toEqual([`${DATE} 11:00–12:00`]);
  });
});

describe("durations", () => {
  test("two 30-minute services of one professional at 10:00 hold 10:00–11:00", async () => {
    const { business, client, professional } = await createSalon();
    const cut = await createService(business.id, 30);
    const wash = await createService(business.id, 30);
    const first = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [
        { serviceId: cut.id, professionalId: professional.id },
        { serviceId: wash.id, professionalId: professional.id },
      ],
    });
    expect(await blocksOfAppointment(first.id)).toEqual([{ professionalId: professional.id, block: `${DATE} 10:00–11:00` }]);

    await expectPgError(
      createAppointment({
        businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "10:59",
        services: [{ serviceId: cut.id, professionalId: professional.id }],
      }),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );
    await createAppointment({
      businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "11:00",
      services: [{ serviceId: cut.id, professionalId: professional.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`, `${DATE} 11:00–11:30`]);
  });

  test("a single 30-minute service holds only 30 minutes of the professional", async () => {
    const { business, client, professional } = await createSalon();
    const quick = await createService(business.id, 30);
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: quick.id, professionalId: professional.id }],
    });
    await expectPgError(
      createAppointment({
        businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "10:29",
        services: [{ serviceId: quick.id, professionalId: professional.id }],
      }),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );
    await createAppointment({
      businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "10:30",
      services: [{ serviceId: quick.id, professionalId: professional.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–10:30`, `${DATE} 10:30–11:00`]);
  });

  test("a service without duration counts 60 minutes", async () => {
    const { business, client, professional } = await createSalon();
    const untimed = await createService(business.id, null);
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: untimed.id, professionalId: professional.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`]);
    await expectPgError(
      createAppointment({
        businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "10:59",
        services: [{ serviceId: untimed.id, professionalId: professional.id }],
      }),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );
    await createAppointment({
      businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "11:00",
      services: [{ serviceId: untimed.id, professionalId: professional.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`, `${DATE} 11:00–12:00`]);
  });

  test("each professional of one appointment is blocked for the sum of their own services (null = 60)", async () => {
    const { business, client } = await createSalon();
    const proA = await createProfessional(business.id);
    const proB = await createProfessional(business.id);
    const s30 = await createService(business.id, 30);
    const s45 = await createService(business.id, 45);
    const sNull = await createService(business.id, null);
    const appt = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [
        { serviceId: s30.id, professionalId: proA.id },
        { serviceId: s45.id, professionalId: proB.id },
        { serviceId: sNull.id, professionalId: proB.id },
        { serviceId: s45.id, professionalId: null }, // no professional: blocks nobody
      ],
    });
    expect(await blocksOf(proA.id)).toEqual([`${DATE} 10:00–10:30`]);
    expect(await blocksOf(proB.id)).toEqual([`${DATE} 10:00–11:45`]);
    expect(await blocksOfAppointment(appt.id)).toHaveLength(2);
  });

  test("a block running past midnight conflicts with the next day's early booking", async () => {
    const { business, client, professional } = await createSalon();
    const long = await createService(business.id, 120);
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "23:30",
      services: [{ serviceId: long.id, professionalId: professional.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 23:30–2030-01-11 01:30`]);
    await expectPgError(
      createAppointment({
        businessId: business.id, clientId: (await createClient(business.id)).id, date: "2030-01-11", time: "01:00",
        services: [{ serviceId: long.id, professionalId: professional.id }],
      }),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );
    // The client's 60 minutes also cross midnight.
    await expectPgError(
      createAppointment({ businessId: business.id, clientId: client.id, date: "2030-01-11", time: "00:15" }),
      EXCLUSION_VIOLATION, CLIENT_RULE,
    );
  });

  test("different professionals at the same time do not conflict", async () => {
    const { business, service } = await createSalon();
    const pros = await Promise.all([createProfessional(business.id), createProfessional(business.id), createProfessional(business.id)]);
    for (const p of pros) {
      await createAppointment({
        businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "10:00",
        services: [{ serviceId: service.id, professionalId: p.id }],
      });
    }
    for (const p of pros) expect(await blocksOf(p.id)).toEqual([`${DATE} 10:00–11:00`]);
    // The same professional on another day is free too.
    await createAppointment({
      businessId: business.id, clientId: (await createClient(business.id)).id, date: "2030-01-11", time: "10:00",
      services: [{ serviceId: service.id, professionalId: pros[0].id }],
    });
    expect(await blocksOf(pros[0].id)).toEqual([`${DATE} 10:00–11:00`, `2030-01-11 10:00–11:00`]);
  });
});

describe("reactivating, moving and changing services", () => {
  test("status cancelado → pendente into a professional's slot taken meanwhile is refused with 23P01", async () => {
    const { business, client, service, professional } = await createSalon();
    const a = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    await db.update(appointments).set({ statusId: CANCELLED }).where(eq(appointments.id, a.id));
    await createAppointment({
      businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "10:30",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });

    await expectPgError(
      db.update(appointments).set({ statusId: PENDING }).where(eq(appointments.id, a.id)),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );
    expect(await statusOf(a.id)).toBe(CANCELLED);
    expect(await blocksOfAppointment(a.id)).toEqual([]);
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:30–11:30`]);
  });

  test("status cancelado → pendente into a client's slot taken meanwhile is refused with 23P01", async () => {
    const { business, client, service } = await createSalon();
    const a = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: null }],
    });
    await db.update(appointments).set({ statusId: CANCELLED }).where(eq(appointments.id, a.id));
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:30",
      services: [{ serviceId: service.id, professionalId: null }],
    });

    await expectPgError(
      db.update(appointments).set({ statusId: PENDING }).where(eq(appointments.id, a.id)),
      EXCLUSION_VIOLATION, CLIENT_RULE,
    );
    expect(await statusOf(a.id)).toBe(CANCELLED);
    // Confirming (2) or completing (4) a cancelled one is refused the same way.
    await expectPgError(
      db.update(appointments).set({ statusId: 4 }).where(eq(appointments.id, a.id)),
      EXCLUSION_VIOLATION, CLIENT_RULE,
    );
  });

  test("reactivating into a still-free slot restores the blocks", async () => {
    const { business, client, service, professional } = await createSalon();
    const a = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    await db.update(appointments).set({ statusId: CANCELLED }).where(eq(appointments.id, a.id));
    expect(await blocksOf(professional.id)).toEqual([]);
    await db.update(appointments).set({ statusId: 2 }).where(eq(appointments.id, a.id));
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`]);
  });

  test("moving an appointment (date/time) onto a professional's taken slot is refused; onto a free one, the block follows", async () => {
    const { business, client, service, professional } = await createSalon();
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    const b = await createAppointment({
      businessId: business.id, clientId: (await createClient(business.id)).id, date: "2030-01-11", time: "12:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });

    await expectPgError(
      db.update(appointments).set({ date: DATE, time: "10:30" }).where(eq(appointments.id, b.id)),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );
    // Changing only the date is checked as well: 09:01 on the 11th is free, 09:01–10:01 on the 10th is not.
    await db.update(appointments).set({ time: "09:01" }).where(eq(appointments.id, b.id));
    await expectPgError(
      db.update(appointments).set({ date: DATE }).where(eq(appointments.id, b.id)),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );
    const [moved] = await db.select().from(appointments).where(eq(appointments.id, b.id));
    expect([moved.date, moved.time]).toEqual(["2030-01-11", "09:01:00"]);
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`, `2030-01-11 09:01–10:01`]);

    await db.update(appointments).set({ date: DATE, time: "11:00" }).where(eq(appointments.id, b.id));
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`, `${DATE} 11:00–12:00`]);
  });

  test("moving an appointment onto the client's other appointment is refused with 23P01", async () => {
    const { business, client, service } = await createSalon();
    await createAppointment({ businessId: business.id, clientId: client.id, date: DATE, time: "10:00" });
    const b = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "14:00",
      services: [{ serviceId: service.id, professionalId: null }],
    });
    await expectPgError(
      db.update(appointments).set({ time: "10:45" }).where(eq(appointments.id, b.id)),
      EXCLUSION_VIOLATION, CLIENT_RULE,
    );
    await db.update(appointments).set({ time: "11:00" }).where(eq(appointments.id, b.id));
    expect((await activeAppointmentsOfBusiness(business.id)).map((a) => a.time).sort()).toEqual(["10:00:00", "11:00:00"]);
  });

  test("changing services (delete + insert) onto a busy professional is refused and rolls back", async () => {
    const { business, client, service } = await createSalon();
    const proA = await createProfessional(business.id);
    const proB = await createProfessional(business.id);
    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: proA.id }],
    });
    const b = await createAppointment({
      businessId: business.id, clientId: (await createClient(business.id)).id, date: DATE, time: "10:30",
      services: [{ serviceId: service.id, professionalId: proB.id }],
    });

    const swap = (professionalId: string) =>
      db.transaction(async (tx) => {
        await tx.delete(appointmentServices).where(eq(appointmentServices.appointmentId, b.id));
        await tx.insert(appointmentServices).values({ appointmentId: b.id, serviceId: service.id, professionalId, businessId: business.id });
      });

    await expectPgError(swap(proA.id), EXCLUSION_VIOLATION, PROFESSIONAL_RULE);
    const lines = await db.select().from(appointmentServices).where(eq(appointmentServices.appointmentId, b.id));
    expect(lines.map((l) => l.professionalId)).toEqual([proB.id]);
    expect(await blocksOfAppointment(b.id)).toEqual([{ professionalId: proB.id, block: `${DATE} 10:30–11:30` }]);

    // Reassigning with UPDATE instead of delete + insert is refused the same way.
    await expectPgError(
      db.update(appointmentServices).set({ professionalId: proA.id }).where(eq(appointmentServices.appointmentId, b.id)),
      EXCLUSION_VIOLATION, PROFESSIONAL_RULE,
    );

    // Adding a second service to proB lengthens proB's block.
    const extra = await createService(business.id, 15);
    await db.insert(appointmentServices).values({ appointmentId: b.id, serviceId: extra.id, professionalId: proB.id, businessId: business.id });
    expect(await blocksOf(proB.id)).toEqual([`${DATE} 10:30–11:45`]);
    // A free professional can take the appointment over.
    const proC = await createProfessional(business.id);
    await swap(proC.id);
    expect(await blocksOf(proB.id)).toEqual([]);
    expect(await blocksOf(proC.id)).toEqual([`${DATE} 10:30–11:30`]);
  });
});

describe("deletions", () => {
  test("deleting a professional removes their blocks and frees the appointment's services", async () => {
    const { business, client, service } = await createSalon();
    const leaving = await createProfessional(business.id);
    const staying = await createProfessional(business.id);
    const appt = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [
        { serviceId: service.id, professionalId: leaving.id },
        { serviceId: service.id, professionalId: staying.id },
      ],
    });
    expect(await blocksOfAppointment(appt.id)).toHaveLength(2);

    await db.delete(professionals).where(eq(professionals.id, leaving.id));

    expect(await blocksOfAppointment(appt.id)).toEqual([{ professionalId: staying.id, block: `${DATE} 10:00–11:00` }]);
    const lines = await db.select().from(appointmentServices).where(eq(appointmentServices.appointmentId, appt.id));
    expect(lines.map((l) => l.professionalId).sort()).toEqual([null, staying.id].sort());
    expect(await activeAppointmentsOfBusiness(business.id)).toHaveLength(1); // the appointment itself stays
  });

  test("deleting an appointment frees the slot of its professional and client", async () => {
    const { business, client, service, professional } = await createSalon();
    const appt = await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    await db.delete(appointments).where(eq(appointments.id, appt.id));
    expect(await blocksOfAppointment(appt.id)).toEqual([]);
    expect(await blocksOf(professional.id)).toEqual([]);

    await createAppointment({
      businessId: business.id, clientId: client.id, date: DATE, time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    expect(await blocksOf(professional.id)).toEqual([`${DATE} 10:00–11:00`]);
  });
});
