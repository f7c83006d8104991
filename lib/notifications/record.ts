import { sql } from "drizzle-orm";
import type { Tx } from "@/db";
import type { BusinessNotificationKind } from "@/db/schema";

/**
 * Records what a client did by themself (booked online, cancelled, confirmed) for the bell, in the
 * transaction of the change: its trigger (migration 0023) adds the owners' e-mail job with it.
 */
export async function recordClientEvent(tx: Tx, e: { businessId: string; appointmentId: string; kind: BusinessNotificationKind }): Promise<void> {
  await tx.execute(sql`
    insert into business_notifications (business_id, appointment_id, kind) values (${e.businessId}, ${e.appointmentId}, ${e.kind})`);
}
