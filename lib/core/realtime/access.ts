import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import { ACCESS_CHANGED, REALTIME_CHANNEL } from "./events";

/**
 * Tells every instance's open streams of `userId` to read the user's session and memberships again
 * (lib/core/realtime/stream.ts). Sent inside the caller's transaction: PostgreSQL delivers it at the
 * commit, never for a rollback, and on the same channel as the triggers' changes, so a listener
 * hears it before any change committed after it: the stream re-reads before it sends that change.
 */
export async function announceAccessChange(conn: Conn, userId: string): Promise<void> {
  await conn.execute(sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object(
    'table', ${ACCESS_CHANGED}::text, 'op', 'UPDATE', 'id', ${userId}::text, 'businessId', null)::text)`);
}
