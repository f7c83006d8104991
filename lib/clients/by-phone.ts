import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { clients } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { localPhoneDigits } from "@/lib/core/format/phone";

export type ClientByPhone = { id: string; created: boolean };

type NewClient = {
  businessId: string;
  /** The phone as it will be stored when the client is created. */
  phone: string;
  name: string;
  email?: string | null;
  /** Who creates it (null: nobody signed in — the bot, the public booking page). */
  actorId: string | null;
  /** The audit description when created: 'Cliente "Maria" criado pela …'. */
  describe: (name: string) => string;
  /**
   * Also require the same name (accents, case and spacing aside). The public booking page sets it:
   * whoever types a known phone with another name must not reach that client's record (its
   * appointments, its cap), so they get a record of their own.
   */
  sameName?: boolean;
};

/**
 * The business's client with this phone — the same digits with or without the 55 prefix (and, with
 * `sameName`, the same folded name), the oldest when several — or a new one (audited). A
 * transaction-scoped advisory lock per business and phone makes simultaneous first contacts from
 * one phone (two bot messages, two online bookings) find or create one client, not two; it is held until `tx` ends, so whatever the caller does next with
 * that client (e.g. counting its bookings) is serialised per phone too. Never changes a found client.
 */
export async function findOrCreateClientByPhone(tx: Tx | Db, c: NewClient): Promise<ClientByPhone> {
  const local = await lockPhone(tx, c.businessId, c.phone);
  const [found] = await tx.execute<{ id: string }>(sql`
    select id from clients
     where business_id = ${c.businessId} and ${samePhone(sql`phone`, local)}
       ${c.sameName ? sql`and btrim(regexp_replace(name_fold, '[[:space:]]+', ' ', 'g')) = agenda_fold(${foldSpaces(c.name)})` : sql``}
     order by created_at, id
     limit 1`);
  if (found) return { id: found.id, created: false };
  const email = c.email ?? null;
  const [row] = await tx.insert(clients).values({ businessId: c.businessId, name: c.name, phone: c.phone, email }).returning({ id: clients.id });
  await recordAudit(tx, {
    actorId: c.actorId,
    businessId: c.businessId,
    action: "CREATE",
    entity: "client",
    entityId: row.id,
    description: c.describe(c.name),
    newValues: { name: c.name, phone: c.phone, email },
  });
  return { id: row.id, created: true };
}

/**
 * Holds, until `tx` ends, the business's lock on this phone (its local digits, which it returns):
 * whoever looks a client up by phone to create one if none (here, and 'Novo Cliente''s duplicate
 * check) does it one at a time per phone, so two at once find or create one client, not two.
 */
export async function lockPhone(tx: Tx | Db, businessId: string, phone: string): Promise<string> {
  const local = localPhoneDigits(phone);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('client_by_phone'), hashtext(${`${businessId}:${local}`}))`);
  return local;
}

/**
 * `column` is the phone whose local digits are `local` (localPhoneDigits), with or without the 55
 * prefix. agenda_digits(phone) = … uses the trigram index of migration 0004 (equality, PostgreSQL 14+).
 */
export function samePhone(column: SQL, local: string): SQL {
  return sql`agenda_digits(${column}) in (${local}, ${`55${local}`})`;
}

/** Whitespace collapsed, so 'Maria  Silva ' and 'Maria Silva' are one name. */
function foldSpaces(name: string): string {
  return name.replace(/\s+/g, " ").trim();
}
