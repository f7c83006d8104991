import { sql } from "drizzle-orm";
import { db, type Tx } from "@/db";

export type Delivery = {
  businessId: string;
  /** What is sent: 'reminder_email', 'reminder_whatsapp', 'owner_notice', 'daily_summary'. */
  kind: string;
  /** The appointment of a reminder, the notification of an owner e-mail, the member of a summary. */
  subjectId: string;
  /** The instant the message is for (a reminder's due time): a moved appointment's is another. */
  dueAt: Date;
  recipient: string;
};

/**
 * Sends one message at most once: the delivery is claimed (a row of notification_deliveries,
 * unique on kind, subject, due time and recipient) in the transaction that then sends it, and
 * the claim commits only after the send returned. So:
 * - a second attempt of the same delivery (a retry, another worker, a job added again by a
 *   reschedule back and forth) finds the row and sends nothing: 'duplicate';
 * - a racing attempt waits on the first's uncommitted row, then finds it;
 * - a send that throws rolls the claim back (and anything `send` wrote with `tx`, such as link
 *   tokens), and the job's retry sends again;
 * - a crash after the message left but before the commit repeats that one message on retry.
 */
export async function deliverOnce(delivery: Delivery, send: (tx: Tx) => Promise<void>): Promise<"sent" | "duplicate"> {
  return db.transaction((tx) => deliverOnceIn(tx, delivery, send));
}

/**
 * deliverOnce inside a transaction the caller holds (and commits after the send): the waitlist's
 * offer is written, claimed and sent in one transaction, so a failed send leaves no offer either.
 */
export async function deliverOnceIn(tx: Tx, delivery: Delivery, send: (tx: Tx) => Promise<void>): Promise<"sent" | "duplicate"> {
  const claimed = await tx.execute<{ id: string }>(sql`
    insert into notification_deliveries (business_id, kind, subject_id, due_at, recipient)
    values (${delivery.businessId}, ${delivery.kind}, ${delivery.subjectId}, ${delivery.dueAt.toISOString()}, ${delivery.recipient})
    on conflict (kind, subject_id, due_at, recipient) do nothing
    returning id`);
  if (!claimed.length) return "duplicate";
  await send(tx);
  return "sent";
}
