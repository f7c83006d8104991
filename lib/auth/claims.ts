import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import type { Cursor } from "@/lib/core/realtime/cursor";
import type { Grant } from "./permissions";
import { normaliseRoles, roleFlags, type BusinessRole, type GlobalRole } from "./roles";

/** What the session cookie carries, so middleware can redirect without a database. */
export type SessionClaims = {
  uid: string;
  /** The server-side session (user_sessions.id): 'Sair' deletes it, and the cookie stops working. */
  sid?: string;
  sv: number;
  adm: boolean;
  /** business id → the user's role in it, in membership order. */
  biz: Record<string, BusinessRole>;
};

export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * `grants`: what the owner lets this member do beyond booking (lib/auth/permissions.ts), read with
 * the membership on every request; `professionalId`: the professional linked to them (whose agenda
 * they see without 'otherAgendas', lib/appointments/visibility.ts), null for none.
 */
export type Membership = { id: string; name: string; description: string | null; role: BusinessRole; grants: Grant[]; professionalId: string | null };

/** The user as the database has them now: their row, global roles and memberships. */
export type UserAccess = {
  user: {
    id: string;
    email: string;
    fullName: string | null;
    avatarUrl: string | null;
    registered: boolean;
    sessionVersion: number;
    emailVerifiedAt: Date | null;
  };
  roles: GlobalRole[];
  /** In membership order (when they joined, then the business's name): the session cookie's order too. */
  memberships: Membership[];
  /** The session asked about is the user's and has neither been ended nor expired. */
  sessionOpen: boolean;
  /**
   * Per membership, the change log's last seq (lib/core/realtime): read in the same statement as the
   * memberships, so before anything a page reads, and a page's live stream resumes from it.
   */
  cursor: Cursor;
};

function userAccessStatement() {
  return db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      registered: users.registered,
      sessionVersion: users.sessionVersion,
      emailVerifiedAt: users.emailVerifiedAt,
      // Written out with aliases: inside sql`` drizzle names columns without their table.
      roleNames: sql<string[]>`(select coalesce(json_agg(r.name), '[]') from user_roles ur
        join roles r on r.id = ur.role_id where ur.user_id = "users"."id")`,
      // Each business's last change: one probe of changes_business_seq_idx.
      memberships: sql<(Membership & { seq: number })[]>`(select coalesce(json_agg(json_build_object('id', b.id, 'name', b.name,
        'description', b.description, 'role', m.role, 'grants', m.grants, 'professionalId', m.professional_id,
        'seq', coalesce((select max(c.seq) from changes c where c.business_id = b.id), 0)) order by m.created_at, b.name), '[]')
        from user_business_roles m join businesses b on b.id = m.business_id where m.user_id = "users"."id")`,
      // By the primary key: revoking a session server-side costs every request one index probe.
      sessionOpen: sql<boolean>`exists(select 1 from user_sessions s where s.id = ${sql.placeholder("sessionId")}::uuid
        and s.user_id = "users"."id" and s.expires_at > now())`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("user_access");
}
let userAccess: ReturnType<typeof userAccessStatement> | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session id a cookie carries, or null. Anything but a uuid would make the statements' uuid
 * parameter fail instead of reading as "no session" (our cookies are encrypted, so it never comes).
 */
export function sessionIdOf(token: Readonly<Record<string, unknown>> | null | undefined): string | null {
  const sid = token?.sid;
  return typeof sid === "string" && UUID.test(sid) ? sid : null;
}

/**
 * The user, their global roles, their memberships, the change log's cursor of their businesses and
 * whether `sessionId` is still one of their open sessions, in one round trip (every signed-in request reads them), or null when the user no
 * longer exists. A named prepared statement: planning it cost PostgreSQL more than running it
 * (0.25 against 0.06 ms), on every page and action; by primary keys, its generic plan is the right
 * one for every user.
 */
export async function loadUserAccess(userId: string, sessionId: string | null = null): Promise<UserAccess | null> {
  userAccess ??= userAccessStatement();
  const [row] = await userAccess.execute({ userId, sessionId: sessionIdOf({ sid: sessionId }) });
  if (!row) return null;
  const { roleNames, memberships: listed, sessionOpen, ...user } = row;
  const cursor: Cursor = {};
  const memberships = listed.map(({ seq, ...m }) => {
    cursor[m.id] = seq;
    return m;
  });
  return { user, roles: normaliseRoles(roleNames), memberships, sessionOpen, cursor };
}

/**
 * Whether a session cookie still stands against the database: its server-side session is open
 * (not signed out, not expired) and its session version is the user's (no password reset, 'Sair
 * de todos os dispositivos' or loss of admin access since). A cookie without a session id (from
 * before sessions had one) never stands.
 */
export function sessionHolds(token: Readonly<Record<string, unknown>>, access: UserAccess | null): access is UserAccess {
  return !!access && sessionIdOf(token) !== null && access.sessionOpen && access.user.sessionVersion === token.sv;
}

/**
 * The realtime stream's reader of the user's access (lib/core/realtime/stream.ts `readAccess`): the
 * access now while the session of the cookie that opened the stream holds, else null.
 */
export function streamAccess(userId: string, session: { sid: string | null; sv: number }): () => Promise<UserAccess | null> {
  return async () => {
    const access = await loadUserAccess(userId, session.sid);
    return sessionHolds(session, access) ? access : null;
  };
}

/** What the session cookie should carry for this user now. */
export function claimsOf({ user, roles, memberships }: UserAccess): SessionClaims {
  return {
    uid: user.id,
    sv: user.sessionVersion,
    adm: roleFlags(roles).isAdmin,
    biz: Object.fromEntries(memberships.map((m) => [m.id, m.role])),
  };
}

/** Fresh claims for a user from the database (the session id aside), or null when the user no longer exists. */
export async function buildClaims(userId: string): Promise<SessionClaims | null> {
  const access = await loadUserAccess(userId);
  return access && claimsOf(access);
}

export function sameClaims(a: Partial<SessionClaims>, b: SessionClaims): boolean {
  return a.uid === b.uid && a.sv === b.sv && a.adm === b.adm && JSON.stringify(a.biz ?? {}) === JSON.stringify(b.biz);
}
