import { sql } from "drizzle-orm";
import { db, type Tx } from "@/db";

export type Delivery = {
  businessId: string;
  /** What is sent: 'reminder_email', 'reminder_whatsapp', 'owner_notice', 'daily_summary', … */
  kind: string;
  /** The appointment of a reminder, the notification of an owner e-mail, the member of a summary. */
  subjectId: string;
  /** The instant the message is for (a reminder's due time): a moved appointment's is another. */
  dueAt: Date;
  recipient: string;
};

/**
 * What may hold a claimed message back, asked in the claim's transaction after the claim (so a
 * duplicate is never looked at twice) and before the send: null lets it go, a reason keeps it as
 * skipped. Whatever the gate writes with `tx` commits or rolls back with the claim.
 */
export type DeliveryGate<Reason extends string = string> = (tx: Tx, delivery: Delivery) => Promise<Reason | null>;

export type DeliveryResult = "sent" | "duplicate" | "skipped";

/**
 * Sends one message at most once: the delivery is claimed (a row of notification_deliveries,
 * unique on kind, subject, due time and recipient) in the transaction that then sends it, and
 * the claim commits only after the send returned. So:
 * - a second attempt of the same delivery (a retry, another worker, a job added again by a
 *   reschedule back and forth) finds the row and sends nothing: 'duplicate';
 * - a racing attempt waits on the first's uncommitted row, then finds it;
 * - a send that throws rolls the claim back (and anything `send` wrote with `tx`, such as link
 *   tokens), and the job's retry sends again;
 * - a crash after the message left but before the commit repeats that one message on retry;
 * - a message the gate holds back stays in the ledger as 'skipped' with its reason and is not
 *   sent: 'skipped' (a later attempt finds its row: 'duplicate').
 *
 * Features send through lib/notifications/deliver.ts (deliverMessage, deliverMessageIn), whose gate
 * is the business's rules: its owner confirmed, its daily cap.
 */
export async function deliverOnce(delivery: Delivery, send: (tx: Tx) => Promise<void>, gate: DeliveryGate): Promise<DeliveryResult> {
  return db.transaction((tx) => deliverOnceIn(tx, delivery, send, gate));
}

/**
 * deliverOnce inside a transaction the caller holds (and commits after the send): the waitlist's
 * offer is written, claimed and sent in one transaction, so a failed send leaves no offer either.
 */
export async function deliverOnceIn(tx: Tx, delivery: Delivery, send: (tx: Tx) => Promise<void>, gate: DeliveryGate): Promise<DeliveryResult> {
  const claimed = await tx.execute<{ id: string }>(sql`
    insert into notification_deliveries (business_id, kind, subject_id, due_at, recipient)
    values (${delivery.businessId}, ${delivery.kind}, ${delivery.subjectId}, ${delivery.dueAt.toISOString()}, ${delivery.recipient})
    on conflict (kind, subject_id, due_at, recipient) do nothing
    returning id`);
  if (!claimed.length) return "duplicate";
  const reason = await gate(tx, delivery);
  if (reason !== null) {
    await tx.execute(sql`update notification_deliveries set status = 'skipped', reason = ${reason} where id = ${claimed[0].id}`);
    return "skipped";
  }
  await send(tx);
  return "sent";
}
