import { sql } from "drizzle-orm";
import type { Tx } from "@/db";
import type { ClientEventKind, MessageSkipReason } from "@/db/schema";
import { BUSINESS_TZ } from "@/lib/core/time/business-date";

/**
 * Records what a client did by themself (booked online, cancelled, confirmed) for the bell, in the
 * transaction of the change: its trigger (migration 0023) adds the owners' e-mail job with it.
 */
export async function recordClientEvent(tx: Tx, e: { businessId: string; appointmentId: string; kind: ClientEventKind }): Promise<void> {
  await tx.execute(sql`
    insert into business_notifications (business_id, appointment_id, kind) values (${e.businessId}, ${e.appointmentId}, ${e.kind})`);
}

/**
 * A message of the business that was not sent (lib/notifications/deliver.ts), for the bell: one
 * line per reason and business day, counting them; each one more brings it back up, unread. No
 * owners' e-mail job for it (migration 0032).
 */
export async function recordMessageSkipped(tx: Tx, e: { businessId: string; reason: MessageSkipReason }): Promise<void> {
  await tx.execute(sql`
    insert into business_notifications as n (business_id, kind, reason, day)
    values (${e.businessId}, 'message_skipped', ${e.reason}, (now() at time zone ${BUSINESS_TZ})::date)
    on conflict (business_id, reason, day) where kind = 'message_skipped'
    do update set count = n.count + 1, created_at = greatest(n.created_at, clock_timestamp())`);
}
