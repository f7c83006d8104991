import { and, eq, sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { users, userSessions } from "@/db/schema";
import { announceAccessChange } from "@/lib/core/realtime/access";
import { SESSION_MAX_AGE } from "./claims";

/** Expired rows removed by each sign-in: more than one sign-in ever leaves behind. */
const PRUNE_BATCH = 100;

/**
 * A new server-side session for a user signing in; its id goes into the cookie (`sid`) and every
 * request checks it (lib/auth/claims.ts). Expired sessions of anyone are pruned here, a few at a
 * time by the expiry index, so the table holds about the open sessions without a sweeper job;
 * concurrent sign-ins skip each other's rows instead of waiting on them.
 */
export async function openSession(userId: string, conn: Conn = db): Promise<string> {
  await conn.execute(sql`delete from user_sessions where id in (
    select id from user_sessions where expires_at <= now() limit ${PRUNE_BATCH} for update skip locked)`);
  const [row] = await conn
    .insert(userSessions)
    .values({ userId, expiresAt: sql`now() + make_interval(secs => ${SESSION_MAX_AGE})` })
    .returning({ id: userSessions.id });
  return row.id;
}

/** A session's expiry moves at most once in this long (s): re-issued cookies then write nothing. */
const RENEW_EVERY = 24 * 60 * 60;

/**
 * The cookie was issued again with a fresh expiry (a business switch, /api/auth/session): its
 * session lives as long, as it did when the cookie alone was the session (give or take a day:
 * RENEW_EVERY). An ended or expired session stays ended.
 */
export async function renewSession(userId: string, sessionId: string, conn: Conn = db): Promise<void> {
  await conn
    .update(userSessions)
    .set({ expiresAt: sql`now() + make_interval(secs => ${SESSION_MAX_AGE})` })
    .where(
      and(
        eq(userSessions.id, sessionId),
        eq(userSessions.userId, userId),
        sql`${userSessions.expiresAt} > now()`,
        sql`${userSessions.expiresAt} < now() + make_interval(secs => ${SESSION_MAX_AGE - RENEW_EVERY})`,
      ),
    );
}

/**
 * 'Sair': this one session ends on the server, so a copy of its cookie stops working at once, and
 * the streams it opened close (the user's other sessions go on).
 */
export async function endSession(userId: string, sessionId: string, conn: Conn = db): Promise<void> {
  const ended = await conn
    .delete(userSessions)
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)))
    .returning({ id: userSessions.id });
  if (ended.length) await announceAccessChange(conn, userId);
}

/**
 * 'Sair de todos os dispositivos', a password reset, a Google takeover, any loss of admin access:
 * every session of the user ends. Their rows go, and the session version in every older cookie no
 * longer matches the user's; their open streams close at once.
 */
export async function endAllSessions(userId: string, conn: Conn = db): Promise<boolean> {
  const rows = await conn
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  await conn.delete(userSessions).where(eq(userSessions.userId, userId));
  await announceAccessChange(conn, userId);
  return rows.length > 0;
}
