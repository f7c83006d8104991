/**
 * The one way a business's message leaves (issue 50): reminders, waitlist offers, online-booking
 * confirmations, the owners' notices and the morning summary all go through deliverMessage /
 * deliverMessageIn, which claim the message in the delivery ledger (lib/core/jobs/deliver-once.ts:
 * each goes once) and apply the business's rules to it first:
 *
 * 1. the business has an owner whose address is confirmed (users.email_verified_at): an account
 *    anyone can open with any address sends nothing in its business's name until its owner proved
 *    the mailbox — 'owner_unconfirmed';
 * 2. at most MESSAGES_PER_BUSINESS_PER_DAY (lib/core/config/messages.ts) messages per business and
 *    business day (America/Cuiaba), counted in `business_message_counts`: a place is taken by one
 *    atomic statement that counts only under the cap, so sends at once from every worker and
 *    instance never pass it together; a send that fails or turns out to be a duplicate gives its
 *    place back — 'daily_cap'.
 *
 * A message held back is kept in the ledger as 'skipped' with its reason (not sent later), and the
 * bell gets, or counts one more on, the day's line for that reason (recordMessageSkipped).
 *
 * deliverMessage takes the place in its own statement before the message's transaction, so the
 * business's messages are not sent one at a time; deliverMessageIn (inside a caller's transaction:
 * the waitlist's offer) takes it in that transaction, undone by its rollback. No `server-only`: the
 * job workers load it under plain tsx.
 */
import { sql } from "drizzle-orm";
import { db, type Conn, type Tx } from "@/db";
import type { MessageSkipReason } from "@/db/schema";
import { messagesPerBusinessPerDay } from "@/lib/core/config/messages";
import { deliverOnce, deliverOnceIn, type Delivery, type DeliveryResult } from "@/lib/core/jobs/deliver-once";
import { BUSINESS_TZ } from "@/lib/core/time/business-date";
import { recordMessageSkipped } from "./record";

export type { Delivery, DeliveryResult };

/** Whether one of the business's owners has confirmed the address. */
export async function ownerConfirmed(conn: Conn, businessId: string): Promise<boolean> {
  const [r] = await conn.execute<{ confirmed: boolean }>(sql`
    select exists (
      select 1 from user_business_roles r join users u on u.id = r.user_id
       where r.business_id = ${businessId} and r.role = 'owner' and u.email_verified_at is not null
    ) as confirmed`);
  return r.confirmed;
}

/**
 * Takes one of the business's places of today (its business day), if one is left: the day it was
 * taken in (to give it back), or null at the cap. One statement: counted only while under the cap,
 * on the row as it stands once locked, so parallel takes queue on it and each sees those before.
 */
export async function takeMessagePlace(conn: Conn, businessId: string, cap = messagesPerBusinessPerDay()): Promise<string | null> {
  const rows = await conn.execute<{ day: string }>(sql`
    insert into business_message_counts as c (business_id, day, sent)
    values (${businessId}, (now() at time zone ${BUSINESS_TZ})::date, 1)
    on conflict (business_id, day) do update set sent = c.sent + 1 where c.sent < ${cap}
    returning c.day::text as day`);
  // A cap of 0 is never configured (at least 1); the first message of a day is the insert.
  return rows.length ? rows[0].day : null;
}

/** Gives back a place taken for a message that did not go after all. */
export async function giveMessagePlace(conn: Conn, businessId: string, day: string): Promise<void> {
  await conn.execute(sql`update business_message_counts set sent = sent - 1 where business_id = ${businessId} and day = ${day} and sent > 0`);
}

async function skip(tx: Tx, delivery: Delivery, reason: MessageSkipReason): Promise<MessageSkipReason> {
  await recordMessageSkipped(tx, { businessId: delivery.businessId, reason });
  console.warn(`[mensagens] ${delivery.kind} não enviada (${reason}): negócio ${delivery.businessId}`);
  return reason;
}

async function alreadyClaimed(d: Delivery): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from notification_deliveries
     where kind = ${d.kind} and subject_id = ${d.subjectId} and due_at = ${d.dueAt.toISOString()} and recipient = ${d.recipient}`);
  return rows.length > 0;
}

/** Sends one message of a business once, if its rules let it go (see above), in its own transaction. */
export async function deliverMessage(delivery: Delivery, send: (tx: Tx) => Promise<void>): Promise<DeliveryResult> {
  // A retry of a message already sent (or skipped) takes no place, not even for a moment.
  if (await alreadyClaimed(delivery)) return "duplicate";
  const confirmed = await ownerConfirmed(db, delivery.businessId);
  const day = confirmed ? await takeMessagePlace(db, delivery.businessId) : null;
  const reason: MessageSkipReason | null = !confirmed ? "owner_unconfirmed" : day === null ? "daily_cap" : null;
  let result: DeliveryResult;
  try {
    result = await deliverOnce(delivery, send, async (tx) => (reason ? skip(tx, delivery, reason) : null));
  } catch (e) {
    if (day !== null) await giveMessagePlace(db, delivery.businessId, day);
    throw e;
  }
  // Another attempt claimed it between the look above and the claim.
  if (result === "duplicate" && day !== null) await giveMessagePlace(db, delivery.businessId, day);
  return result;
}

/**
 * deliverMessage inside a transaction the caller holds (the waitlist's offer and its message): the
 * rules are asked after the claim, on the caller's connection; the place taken is undone by a
 * rollback, and its row stays locked to the commit (other messages of the business wait that long).
 */
export function deliverMessageIn(tx: Tx, delivery: Delivery, send: (tx: Tx) => Promise<void>): Promise<DeliveryResult> {
  return deliverOnceIn(tx, delivery, send, async (t) => {
    if (!(await ownerConfirmed(t, delivery.businessId))) return skip(t, delivery, "owner_unconfirmed");
    if ((await takeMessagePlace(t, delivery.businessId)) === null) return skip(t, delivery, "daily_cap");
    return null;
  });
}
