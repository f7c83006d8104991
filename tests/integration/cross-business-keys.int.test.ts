/**
 * Migration 0002_composite_business_keys.sql: a row of business A can never point at a client,
 * service, professional or appointment of business B, whatever the application does. Each case
 * inserts directly (as a buggy server action would): the cross-business row fails with 23503 on
 * its composite key, the same-business row is stored. Also the on-delete behaviours the keys keep.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db";
import {
  appointmentServices, appointments, clients, conversations, professionalAvatars, professionalBreaks,
  professionalServices, professionals, professionalWeeklySchedules, services,
} from "@/db/schema";
import { createAppointment, createClient, createSalon, pgCode, pgConstraint } from "./fixtures";

const FOREIGN_KEY_VIOLATION = "23503";

type Salon = Awaited<ReturnType<typeof createSalon>> & { appointmentId: string };

let a: Salon;
let b: Salon;
let day = 0;

/** A distinct date per appointment, so the client/professional overlap rules never interfere. */
function nextDate(): string {
  day += 1;
  return new Date(Date.UTC(2031, 0, 1 + day)).toISOString().slice(0, 10);
}

async function salonWithAppointment(): Promise<Salon> {
  const s = await createSalon();
  const appt = await createAppointment({ businessId: s.business.id, clientId: s.client.id, date: nextDate(), time: "10:00" });
  return { ...s, appointmentId: appt.id };
}

async function expectFkError(promise: Promise<unknown>, constraint: string) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected a ${FOREIGN_KEY_VIOLATION} on ${constraint}`).toBeDefined();
  expect(pgCode(err)).toBe(FOREIGN_KEY_VIOLATION);
  expect(pgConstraint(err)).toBe(constraint);
}

beforeAll(async () => {
  a = await salonWithAppointment();
  b = await salonWithAppointment();
});

/**
 * Each relation: `insert(own, other)` writes a row of business A whose reference under test points
 * at `own`'s parent (A) or `other`'s (B); every other reference stays inside A.
 */
const relations: { name: string; constraint: string; insert: (ref: Salon) => Promise<unknown> }[] = [
  {
    name: "appointments → clients",
    constraint: "appointments_client_same_business_fk",
    insert: (ref) =>
      db.insert(appointments).values({ businessId: a.business.id, clientId: ref.client.id, date: nextDate(), time: "09:00" }),
  },
  {
    name: "appointment_services → appointments",
    constraint: "appointment_services_appointment_same_business_fk",
    insert: (ref) =>
      db.insert(appointmentServices).values({
        businessId: a.business.id, appointmentId: ref.appointmentId, serviceId: a.service.id, professionalId: null,
      }),
  },
  {
    name: "appointment_services → services",
    constraint: "appointment_services_service_same_business_fk",
    insert: (ref) =>
      db.insert(appointmentServices).values({
        businessId: a.business.id, appointmentId: a.appointmentId, serviceId: ref.service.id, professionalId: null,
      }),
  },
  {
    name: "appointment_services → professionals",
    constraint: "appointment_services_professional_same_business_fk",
    insert: async (ref) => {
      // A fresh appointment each time, so the professional's busy block never overlaps an earlier one.
      const appt = await createAppointment({ businessId: a.business.id, clientId: a.client.id, date: nextDate(), time: "11:00" });
      return db.insert(appointmentServices).values({
        businessId: a.business.id, appointmentId: appt.id, serviceId: a.service.id, professionalId: ref.professional.id,
      });
    },
  },
  {
    name: "professional_services → professionals",
    constraint: "professional_services_professional_same_business_fk",
    insert: async (ref) => {
      const [service] = await db.insert(services).values({ businessId: a.business.id, name: "Corte" }).returning();
      return db.insert(professionalServices).values({ businessId: a.business.id, professionalId: ref.professional.id, serviceId: service.id });
    },
  },
  {
    name: "professional_services → services",
    constraint: "professional_services_service_same_business_fk",
    insert: async (ref) => {
      const [pro] = await db.insert(professionals).values({ businessId: a.business.id, name: "Bia" }).returning();
      return db.insert(professionalServices).values({ businessId: a.business.id, professionalId: pro.id, serviceId: ref.service.id });
    },
  },
  {
    name: "professional_weekly_schedules → professionals",
    constraint: "professional_weekly_schedules_professional_same_business_fk",
    insert: (ref) =>
      db.insert(professionalWeeklySchedules).values({
        businessId: a.business.id, professionalId: ref.professional.id, dayOfWeek: day++ % 7, isWorking: true,
        startTime: "09:00", endTime: "18:00",
      }),
  },
  {
    name: "professional_breaks → professionals",
    constraint: "professional_breaks_professional_same_business_fk",
    insert: (ref) =>
      db.insert(professionalBreaks).values({
        businessId: a.business.id, professionalId: ref.professional.id, dayOfWeek: 1, startTime: "12:00", endTime: "13:00",
      }),
  },
  {
    name: "professional_avatars → professionals",
    constraint: "professional_avatars_professional_same_business_fk",
    insert: (ref) =>
      db.insert(professionalAvatars).values({
        businessId: a.business.id, professionalId: ref.professional.id, contentType: "image/png", data: Buffer.from([1, 2, 3]),
      }),
  },
  {
    name: "appointment_professional_blocks → appointments",
    constraint: "appointment_professional_blocks_appointment_same_business_fk",
    insert: async (ref) => {
      const [pro] = await db.insert(professionals).values({ businessId: a.business.id, name: "Caio" }).returning();
      return db.execute(sql`
        insert into appointment_professional_blocks (appointment_id, professional_id, business_id, period)
        values (${ref.appointmentId}, ${pro.id}, ${a.business.id}, tsrange('2031-06-01 10:00', '2031-06-01 11:00'))`);
    },
  },
  {
    name: "appointment_professional_blocks → professionals",
    constraint: "appointment_professional_blocks_professional_same_business_fk",
    insert: async (ref) => {
      const appt = await createAppointment({ businessId: a.business.id, clientId: a.client.id, date: nextDate(), time: "15:00" });
      return db.execute(sql`
        insert into appointment_professional_blocks (appointment_id, professional_id, business_id, period)
        values (${appt.id}, ${ref.professional.id}, ${a.business.id}, tsrange('2031-07-01 10:00', '2031-07-01 11:00'))`);
    },
  },
  {
    name: "conversations → clients",
    constraint: "conversations_client_same_business_fk",
    insert: (ref) => db.insert(conversations).values({ businessId: a.business.id, clientId: ref.client.id, message: "Olá" }),
  },
];

describe("composite (business_id, id) keys", () => {
  test.each(relations)("$name: another business's row is refused, the own business's is stored", async ({ constraint, insert }) => {
    await expectFkError(insert(b), constraint);
    await expect(insert(a)).resolves.toBeDefined();
  });

  test("a client without a business (owned only by a user) cannot be booked by any business", async () => {
    const [loose] = await db.insert(clients).values({ businessId: null, userId: a.owner.id, name: "Sem negócio" }).returning();
    await expectFkError(
      db.insert(appointments).values({ businessId: a.business.id, clientId: loose.id, date: nextDate(), time: "09:00" }),
      "appointments_client_same_business_fk",
    );
    // Once it is given to the business, it can.
    await db.update(clients).set({ businessId: a.business.id }).where(eq(clients.id, loose.id));
    await expect(
      db.insert(appointments).values({ businessId: a.business.id, clientId: loose.id, date: nextDate(), time: "09:00" }),
    ).resolves.toBeDefined();
  });

  test("a referenced client cannot be moved to another business", async () => {
    await expectFkError(
      db.update(clients).set({ businessId: b.business.id }).where(eq(clients.id, a.client.id)),
      "appointments_client_same_business_fk",
    );
  });
});

describe("on delete, as before", () => {
  test("deleting a professional empties only professional_id of the appointment lines, and drops its schedule rows", async () => {
    const s = await createSalon();
    const appt = await createAppointment({
      businessId: s.business.id, clientId: s.client.id, date: nextDate(), time: "10:00",
      services: [{ serviceId: s.service.id, professionalId: s.professional.id }],
    });
    await db.insert(professionalServices).values({ businessId: s.business.id, professionalId: s.professional.id, serviceId: s.service.id });
    await db.insert(professionalWeeklySchedules).values({ businessId: s.business.id, professionalId: s.professional.id, dayOfWeek: 2 });
    await db.insert(professionalBreaks).values({
      businessId: s.business.id, professionalId: s.professional.id, dayOfWeek: 2, startTime: "12:00", endTime: "13:00",
    });
    await db.insert(professionalAvatars).values({
      businessId: s.business.id, professionalId: s.professional.id, contentType: "image/png", data: Buffer.from([1]),
    });

    await db.delete(professionals).where(eq(professionals.id, s.professional.id));

    const lines = await db.select().from(appointmentServices).where(eq(appointmentServices.appointmentId, appt.id));
    expect(lines).toEqual([expect.objectContaining({ professionalId: null, businessId: s.business.id, serviceId: s.service.id })]);
    for (const table of [professionalServices, professionalWeeklySchedules, professionalBreaks, professionalAvatars]) {
      expect(await db.select().from(table).where(eq(table.professionalId, s.professional.id))).toEqual([]);
    }
    const blocks = await db.execute(sql`select 1 from appointment_professional_blocks where professional_id = ${s.professional.id}`);
    expect(blocks).toHaveLength(0);
  });

  test("deleting a client empties client_id of its conversations; a client or service in use cannot be deleted", async () => {
    const s = await createSalon();
    const talker = await createClient(s.business.id);
    const [conv] = await db.insert(conversations).values({ businessId: s.business.id, clientId: talker.id, message: "Oi" }).returning();
    await db.delete(clients).where(eq(clients.id, talker.id));
    const [after] = await db.select().from(conversations).where(eq(conversations.id, conv.id));
    expect(after).toMatchObject({ clientId: null, businessId: s.business.id });

    await createAppointment({
      businessId: s.business.id, clientId: s.client.id, date: nextDate(), time: "10:00",
      services: [{ serviceId: s.service.id, professionalId: null }],
    });
    await expectFkError(db.delete(clients).where(eq(clients.id, s.client.id)), "appointments_client_same_business_fk");
    await expectFkError(db.delete(services).where(eq(services.id, s.service.id)), "appointment_services_service_same_business_fk");
  });

  test("deleting an appointment removes its lines and busy blocks", async () => {
    const s = await createSalon();
    const appt = await createAppointment({
      businessId: s.business.id, clientId: s.client.id, date: nextDate(), time: "10:00",
      services: [{ serviceId: s.service.id, professionalId: s.professional.id }],
    });
    await db.delete(appointments).where(eq(appointments.id, appt.id));
    expect(await db.select().from(appointmentServices).where(eq(appointmentServices.appointmentId, appt.id))).toEqual([]);
    expect(await db.execute(sql`select 1 from appointment_professional_blocks where appointment_id = ${appt.id}`)).toHaveLength(0);
  });
});
