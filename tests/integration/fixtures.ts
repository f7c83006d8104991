/**
 * Shared fixtures for integration tests: each helper inserts one row with unique data (so tests
 * never collide inside the shared per-run database) and returns the inserted row.
 * Every helper takes an optional `conn` (a Db or a transaction handle); the default is `db`.
 */
import { randomUUID } from "node:crypto";
import { db, type Db, type Tx } from "@/db";
import {
  appointmentServices, appointments, businesses, clients, professionals, services, userBusinessRoles, users,
  type BusinessRole,
} from "@/db/schema";

export type Conn = Db | Tx;

/** A short unique token for names and e-mails. */
export function uniq(): string {
  return randomUUID().slice(0, 8);
}

// The app's own readers of PostgreSQL errors (SQLSTATE, constraint name), for the tests' asserts.
export { pgCode, pgConstraint } from "@/lib/core/db/errors";

export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}, conn: Conn = db) {
  const u = uniq();
  const [row] = await conn
    .insert(users)
    .values({ email: `user-${u}@example.test`, fullName: `User ${u}`, ...overrides })
    .returning();
  return row;
}

/** A business; with `ownerId`, the user also gets the `owner` role in it (user_business_roles). */
export async function createBusiness(
  ownerId?: string,
  overrides: Partial<typeof businesses.$inferInsert> = {},
  conn: Conn = db,
) {
  const u = uniq();
  const [row] = await conn
    .insert(businesses)
    .values({ name: `Salão ${u}`, email: `salon-${u}@example.test`, ...overrides })
    .returning();
  if (ownerId) await addBusinessRole(ownerId, row.id, "owner", conn);
  return row;
}

/**
 * The cast of most authorization tests: a business with its owner and an employee, and another
 * business owned by a stranger.
 */
export async function twoBusinesses() {
  const [owner, employee, stranger] = [await createUser(), await createUser(), await createUser()];
  const business = await createBusiness(owner.id);
  const other = await createBusiness(stranger.id);
  await addBusinessRole(employee.id, business.id, "employee");
  return { owner, employee, stranger, business, other };
}

export async function addBusinessRole(userId: string, businessId: string, role: BusinessRole, conn: Conn = db) {
  const [row] = await conn.insert(userBusinessRoles).values({ userId, businessId, role }).returning();
  return row;
}

export async function createClient(
  businessId: string,
  overrides: Partial<typeof clients.$inferInsert> = {},
  conn: Conn = db,
) {
  const u = uniq();
  const [row] = await conn
    .insert(clients)
    .values({ businessId, name: `Cliente ${u}`, email: `client-${u}@example.test`, ...overrides })
    .returning();
  return row;
}

/** A service; `durationMinutes` null means "no duration set" (the agenda then assumes 60 minutes). */
export async function createService(
  businessId: string,
  durationMinutes: number | null = 60,
  overrides: Partial<typeof services.$inferInsert> = {},
  conn: Conn = db,
) {
  const [row] = await conn
    .insert(services)
    .values({ businessId, name: `Serviço ${uniq()}`, durationMinutes, ...overrides })
    .returning();
  return row;
}

export async function createProfessional(
  businessId: string,
  overrides: Partial<typeof professionals.$inferInsert> = {},
  conn: Conn = db,
) {
  const [row] = await conn
    .insert(professionals)
    .values({ businessId, name: `Profissional ${uniq()}`, ...overrides })
    .returning();
  return row;
}

export type AppointmentInput = {
  businessId: string;
  clientId: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' or 'HH:MM:SS' */
  time: string;
  statusId?: number;
  userId?: string | null;
  /** In order (position); afterPrevious: 'em seguida' (false when not given, as the columns' default). */
  services?: { serviceId: string; professionalId: string | null; afterPrevious?: boolean }[];
};

/** Inserts the appointment and its appointment_services in one transaction (inside `conn` if it is one). */
export async function createAppointment(input: AppointmentInput, conn: Conn = db) {
  return conn.transaction(async (tx) => {
    const [appointment] = await tx
      .insert(appointments)
      .values({
        businessId: input.businessId,
        clientId: input.clientId,
        date: input.date,
        time: input.time,
        statusId: input.statusId ?? 1,
        userId: input.userId ?? null,
      })
      .returning();
    const lines = input.services ?? [];
    const serviceRows = lines.length
      ? await tx
          .insert(appointmentServices)
          .values(
            lines.map((s, position) => ({
              appointmentId: appointment.id,
              position,
              afterPrevious: s.afterPrevious ?? false,
              serviceId: s.serviceId,
              professionalId: s.professionalId,
              businessId: input.businessId,
              userId: input.userId ?? null,
            })),
          )
          .returning()
      : [];
    return { ...appointment, services: serviceRows };
  });
}

/**
 * A business with an owner, one client, one 60-minute service and one professional. The owner's
 * address is confirmed: a business whose owner never confirmed sends no message to its clients
 * (lib/notifications/deliver.ts), and most tests of a salon expect its messages to go.
 */
export async function createSalon(conn: Conn = db) {
  const owner = await createUser({ emailVerifiedAt: new Date() }, conn);
  const business = await createBusiness(owner.id, {}, conn);
  const client = await createClient(business.id, {}, conn);
  const service = await createService(business.id, 60, {}, conn);
  const professional = await createProfessional(business.id, {}, conn);
  return { owner, business, client, service, professional };
}

/** A business with its owner and one employee: the shape of a permission test. */
export async function createTeam(conn: Conn = db) {
  const owner = await createUser({}, conn);
  const employee = await createUser({}, conn);
  const business = await createBusiness(owner.id, {}, conn);
  await addBusinessRole(employee.id, business.id, "employee", conn);
  return { owner, employee, business };
}
