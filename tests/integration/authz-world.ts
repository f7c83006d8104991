/**
 * The world of the authorization matrix and the bad-input suite: two businesses, A and B, each with
 * one row of everything the app keeps (client, services, professional with photo and schedule,
 * appointment, holiday, invitations, API key, conversation, audit entry, online booking page and a
 * private booking link), and the six kinds of caller:
 *
 *   anonymous · client (global role client, no business) · employee (of A) · stranger (owner of B)
 *   · owner (of A) · admin (platform admin, no business)
 *
 * Every text of a side carries the side's tag, so an answer that leaks a row of the other side is
 * seen by a plain substring test, and every id of a side is known (`markersOf`). `fingerprint`
 * hashes every row of a side (every table with a business_id, and the rows of its people), so a
 * refused call that changed anything shows which table it touched.
 */
import { createHash, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import {
  appointmentServices, appointments, auditLogs, businessApiKeys, businessHolidaySettings, businessHolidays, businessHours,
  appointmentLinkTokens, businessInvitations, businessNotifications, businessOnlineBooking, conversations, onlineBookingTokens, professionalAvatars, professionalServices,
  professionals, users,
} from "@/db/schema";
import { grantGlobalRole } from "@/lib/auth/grants";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { hashBookingToken } from "@/lib/online-booking/tokens";
import { newFeedToken } from "@/lib/calendar-feeds/tokens";
import { hashLinkToken } from "@/lib/reminder-links/tokens";
import { hashOfferToken } from "@/lib/waitlist/tokens";
import { addDays } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { actAs } from "./act-as";
import { addBusinessRole, createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

export const ROLES = ["anonymous", "client", "employee", "stranger", "owner", "admin"] as const;
export type Role = (typeof ROLES)[number];
export type Person = { id: string; email: string };

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("png body")]);

/** One business and one row of everything it keeps. */
export type Side = {
  tag: string;
  business: { id: string; name: string };
  owner: Person;
  employee: Person;
  slug: string;
  /** Two days ahead in Cuiabá: open, inside the booking window, never in the past. */
  date: string;
  client: { id: string; name: string; phone: string };
  /** A client with nothing of theirs (can be merged into `client`). */
  spareClient: { id: string };
  /** Used by the appointment (can't be deleted). */
  service: { id: string };
  /** Used by nothing (can be deleted). */
  spareService: { id: string };
  professional: { id: string };
  avatarId: string;
  appointment: { id: string };
  holiday: { id: string };
  /** The professional's time off, far from the appointments. */
  timeOff: { id: string };
  /** Pending, to an address nobody in the world has. */
  invitation: { id: string; email: string };
  /** Pending, to the client-role user of the world. */
  clientInvitation: { id: string };
  apiKey: { id: string; key: string };
  conversation: { id: string };
  /** The private link of an online booking (10:00 on `date` + 1). */
  bookingToken: string;
  /** A reminder's 'Preciso cancelar' link of that online booking; the bell names it. */
  reminderToken: string;
  /** The professional's 'Link da agenda (iCal)' secret. */
  calendarFeedToken: string;
  /** A waitlist entry for `date` (the client's name) with a live offer of 14:00 that day. */
  waitlistEntry: { id: string };
  /** That offer's 'Quero este horário' secret. */
  waitlistOfferToken: string;
  /** A product (tagged name) with one purchase in its ledger: a delete archives it, so it stays. */
  product: { id: string };
};

export type World = { a: Side; b: Side; client: Person; admin: Person; users: Record<Exclude<Role, "anonymous">, Person> };

let sharedUsers: Promise<{ client: Person; admin: Person }> | null = null;

async function person(tag: string, role: string | null): Promise<Person> {
  const u = await createUser({ fullName: `Pessoa ${tag} ${uniq()}`, emailVerifiedAt: new Date() });
  if (role) await grantGlobalRole(db, u.id, role as never);
  return { id: u.id, email: u.email };
}

async function side(clientUser: Person): Promise<Side> {
  const tag = `tag${uniq()}`;
  const owner = await person(tag, "business_owner");
  const employee = await person(tag, "employee");
  const business = await createBusiness(owner.id, { name: `Salão ${tag}`, description: `Sobre ${tag}` });
  await addBusinessRole(employee.id, business.id, "employee");
  const date = addDays(todayInBusiness(), 2);

  await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "20:00" })));
  await db.insert(businessHolidaySettings).values({ businessId: business.id, worksOnHolidays: true });
  const [online] = await db
    .update(businessOnlineBooking)
    .set({ enabled: true, slug: `s-${tag.toLowerCase()}` })
    .where(eq(businessOnlineBooking.businessId, business.id))
    .returning();

  const phone = `(65) 9${String(Math.floor(1000 + Math.random() * 8999))}-${String(Math.floor(1000 + Math.random() * 8999))}`;
  const client = await createClient(business.id, { name: `Cliente ${tag}`, phone, email: `cliente.${tag}@example.test` });
  const spareClient = await createClient(business.id, { name: `Sobra ${tag}`, phone: null, email: null });
  const service = await createService(business.id, 60, { name: `Corte ${tag}`, description: `Descrição ${tag}` });
  const spareService = await createService(business.id, 30, { name: `Sobra ${tag}` });
  const professional = await createProfessional(business.id, { name: `Profissional ${tag}`, bio: `Bio ${tag}` });
  await db.insert(professionalServices).values([
    { professionalId: professional.id, serviceId: service.id, price: "50.00", businessId: business.id },
    { professionalId: professional.id, serviceId: spareService.id, price: "20.00", businessId: business.id },
  ]);
  const [avatar] = await db.insert(professionalAvatars).values({ professionalId: professional.id, businessId: business.id, contentType: "image/png", data: PNG }).returning();
  await db.update(professionals).set({ avatarUrl: `/api/avatars/${avatar.id}` }).where(eq(professionals.id, professional.id));

  const appointment = await db.transaction(async (tx) => {
    const [a] = await tx.insert(appointments).values({ businessId: business.id, clientId: client.id, date, time: "10:00", statusId: 1 }).returning();
    await tx.insert(appointmentServices).values({ appointmentId: a.id, serviceId: service.id, professionalId: professional.id, businessId: business.id });
    return a;
  });
  // An online booking on the next day with its private link.
  const bookingToken = `tok-${randomUUID()}-${randomUUID()}`;
  const reminderToken = `lem-${randomUUID()}-${randomUUID()}`;
  await db.transaction(async (tx) => {
    const [a] = await tx.insert(appointments).values({ businessId: business.id, clientId: client.id, date: addDays(date, 1), time: "10:00", statusId: 1 }).returning();
    await tx.insert(appointmentServices).values({ appointmentId: a.id, serviceId: service.id, professionalId: professional.id, businessId: business.id });
    await tx.insert(onlineBookingTokens).values({ businessId: business.id, appointmentId: a.id, tokenHash: hashBookingToken(bookingToken), bookerName: `Cliente ${tag}` });
    await tx.insert(appointmentLinkTokens).values({
      businessId: business.id, appointmentId: a.id, tokenHash: hashLinkToken(reminderToken), purpose: "cancel", expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
    await tx.insert(businessNotifications).values({ businessId: business.id, appointmentId: a.id, kind: "online_booking" });
  });

  const [holiday] = await db.insert(businessHolidays).values({ businessId: business.id, holidayName: `Feriado ${tag}`, holidayDate: addDays(date, 20), isWorking: false }).returning();
  const [timeOff] = await db.execute<{ id: string }>(sql`
    insert into professional_time_off (business_id, professional_id, start_date, end_date, reason)
    values (${business.id}, ${professional.id}, ${addDays(date, 40)}, ${addDays(date, 42)}, ${`Férias ${tag}`}) returning id`);
  const invitationEmail = `convite.${tag}@example.test`;
  const [invitation] = await db.insert(businessInvitations).values({ businessId: business.id, email: invitationEmail, invitedBy: owner.id }).returning();
  const [clientInvitation] = await db.insert(businessInvitations).values({ businessId: business.id, email: clientUser.email, invitedBy: owner.id }).returning();
  const key = `agd_${randomUUID().replace(/-/g, "")}${tag}`;
  const [apiKey] = await db
    .insert(businessApiKeys)
    .values({ businessId: business.id, name: `Bot ${tag}`, keyHash: createHash("sha256").update(key).digest("hex"), hint: key.slice(-4), createdBy: owner.id })
    .returning();
  const feed = newFeedToken();
  await db.execute(sql`
    insert into professional_calendar_feeds (business_id, professional_id, token_hash, created_by)
    values (${business.id}, ${professional.id}, ${feed.hash}, ${owner.id})`);
  const [conversation] = await db.insert(conversations).values({ businessId: business.id, clientId: client.id, message: `Mensagem ${tag}` }).returning();
  await db.insert(auditLogs).values({
    businessId: business.id, userId: owner.id, actionType: "UPDATE", entityType: "client", entityId: client.id,
    description: `Cliente "${tag}" atualizado`, oldValues: { name: `Antigo ${tag}` }, newValues: { name: `Cliente ${tag}` },
  });

  // A waitlist entry with a live offer at 14:00 on `date` (the professional is free then).
  const waitlistOfferToken = `esp-${randomUUID()}-${randomUUID()}`;
  const [entry] = await db.execute<{ id: string }>(sql`
    insert into waitlist_entries (business_id, name, phone, email, service_ids, professional_id, dates, time_from, time_until, source, status)
    values (${business.id}, ${`Espera ${tag}`}, ${phone}, ${`espera.${tag}@example.test`}, ${`{${service.id}}`}::uuid[], ${professional.id},
            ${`{${date}}`}::date[], '08:00', '19:00', 'online', 'oferecido') returning id`);
  await db.execute(sql`
    insert into waitlist_offers (business_id, entry_id, date, time, professional_id, minutes, token_hash, expires_at)
    values (${business.id}, ${entry.id}, ${date}, '14:00', ${professional.id}, 60, ${hashOfferToken(waitlistOfferToken)}, now() + interval '1 day')`);

  const [product] = await db.execute<{ id: string }>(sql`
    insert into products (business_id, name, price_cents) values (${business.id}, ${`Pomada ${tag}`}, 4500) returning id`);
  await db.execute(sql`
    insert into product_stock_movements (business_id, product_id, kind, quantity, user_id) values (${business.id}, ${product.id}, 'purchase', 10, ${owner.id})`);

  return {
    product: { id: product.id },
    waitlistEntry: { id: entry.id }, waitlistOfferToken,
    tag, business: { id: business.id, name: business.name }, owner, employee, slug: online.slug, date,
    client: { id: client.id, name: client.name, phone }, spareClient: { id: spareClient.id }, service: { id: service.id }, spareService: { id: spareService.id },
    professional: { id: professional.id }, avatarId: avatar.id, appointment: { id: appointment.id }, holiday: { id: holiday.id }, timeOff: { id: timeOff.id },
    invitation: { id: invitation.id, email: invitationEmail }, clientInvitation: { id: clientInvitation.id },
    apiKey: { id: apiKey.id, key }, conversation: { id: conversation.id }, bookingToken, reminderToken, calendarFeedToken: feed.token,
  };
}

/** A fresh world: both businesses with everything, and the six callers. */
export async function buildWorld(): Promise<World> {
  // The client-role user and the platform admin own nothing: one of each serves every world.
  sharedUsers ??= (async () => ({ client: await person("cliente", "client"), admin: await person("admin", "saas_admin") }))();
  const { client, admin } = await sharedUsers;
  const a = await side(client);
  const b = await side(client);
  return { a, b, client, admin, users: { client, employee: a.employee, stranger: b.owner, owner: a.owner, admin } };
}

let addressSeq = Math.floor(Math.random() * 60_000);
/** A new client address per call, so the public endpoints' per-address limits never trip across cases. */
export function freshAddress(): string {
  addressSeq += 1;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
}

let trusted = false;
/** The next calls come from `role` (a real session cookie), from a new address. */
export async function become(w: World, role: Role, opts: { currentBusinessId?: string } = {}): Promise<void> {
  if (!trusted) {
    markPeerHeaderTrusted();
    trusted = true;
  }
  await actAs(role === "anonymous" ? null : w.users[role].id, { ...opts, headers: { [PEER_HEADER]: freshAddress(), host: "localhost" } });
}

/** The business a role belongs to (its own side), if any. */
export function ownSide(w: World, role: Role): Side | null {
  if (role === "employee" || role === "owner") return w.a;
  if (role === "stranger") return w.b;
  return null;
}

// ───────────────────────────── fingerprints and markers ─────────────────────────────

type TableInfo = { table: string; business: boolean; user: boolean; id: boolean };
let tablesCache: Promise<TableInfo[]> | null = null;

/** Every table holding rows of a business or of a person (rate-limit counters aside). */
function tables(): Promise<TableInfo[]> {
  tablesCache ??= (async () => {
    const rows = await db.execute<{ table_name: string; cols: string[] }>(sql`
      select table_name, array_agg(column_name::text) as cols from information_schema.columns
      where table_schema = 'public' and table_name not like '%drizzle%' group by table_name order by table_name`);
    return rows
      .map((r) => ({ table: r.table_name, business: r.cols.includes("business_id"), user: r.cols.includes("user_id"), id: r.cols.includes("id") }))
      .filter((t) => t.business || t.user || t.table === "users" || t.table === "businesses");
  })();
  return tablesCache;
}

/** The people whose rows belong to a side. */
function peopleOf(s: Side): string[] {
  return [s.owner.id, s.employee.id];
}

/** One hash per table of everything the given sides (and people) hold; compare two to see what changed. */
export async function fingerprint(
  sides: Side[],
  extraPeople: string[] = [],
  ignore: readonly string[] = [],
  /** People left out (a caller's own account rows, which an allowed call on their own account changes). */
  exceptPeople: string[] = [],
): Promise<Record<string, string>> {
  // Arrays go in as PostgreSQL array literals (drizzle spreads a JS array into a list of parameters).
  const businessIds = `{${sides.map((s) => s.business.id).join(",")}}`;
  const people = `{${[...sides.flatMap(peopleOf), ...extraPeople].filter((id) => !exceptPeople.includes(id)).join(",")}}`;
  // One statement for all the tables (a query each made the matrix's 750 fingerprints 45,000 round trips).
  const parts = (await tables())
    .filter((t) => !ignore.includes(t.table))
    .map((t) => {
      const where =
        t.table === "businesses" ? sql`t.id = any(${businessIds}::uuid[])`
        : t.table === "users" ? sql`t.id = any(${people}::uuid[])`
        : t.business && t.user ? sql`(t.business_id = any(${businessIds}::uuid[]) or t.user_id = any(${people}::uuid[]))`
        : t.business ? sql`t.business_id = any(${businessIds}::uuid[])`
        : sql`t.user_id = any(${people}::uuid[])`;
      return sql`select ${t.table}::text as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*)::int as n from ${sql.identifier(t.table)} t where ${where}`;
    });
  const rows = await db.execute<{ name: string; h: string; n: number }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

/** What must never appear in an answer given to someone who may not see the side: its tag and every id it holds. */
export async function markersOf(s: Side): Promise<string[]> {
  const ids = new Set<string>([s.business.id]);
  for (const t of await tables()) {
    if (!t.business || !t.id) continue;
    const rows = await db.execute<{ id: string }>(sql`select t.id::text as id from ${sql.identifier(t.table)} t where t.business_id = ${s.business.id}`);
    for (const r of rows) ids.add(r.id);
  }
  return [s.tag, s.slug, s.client.phone, ...ids];
}

/** The markers of `s` found in an answer (a result object or a response body). */
export function leaked(answer: unknown, markers: string[]): string[] {
  const text = typeof answer === "string" ? answer : JSON.stringify(answer) ?? "";
  return markers.filter((m) => text.includes(m));
}

/** Reads an answer's user row (for checks that a person row is untouched). */
export async function userRow(id: string) {
  return (await db.select().from(users).where(eq(users.id, id)))[0];
}
