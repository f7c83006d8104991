import { eq, sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { users } from "@/db/schema";

/**
 * 'Sair de todos os dispositivos' (and any loss of admin access): every session of the user ends.
 * Session cookies carry the session version, which the server compares with the database on every
 * request (and the realtime stream at every heartbeat); raising it refuses them all.
 */
export async function endAllSessions(userId: string, conn: Conn = db): Promise<boolean> {
  const rows = await conn
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
