import { asc, eq } from "drizzle-orm";
import { db } from "@/db";
import { businesses, roles, userBusinessRoles, userRoles, users } from "@/db/schema";
import { normaliseRoles, roleFlags, type BusinessRole, type GlobalRole } from "./roles";

/** What the session cookie carries, so middleware can redirect without a database. */
export type SessionClaims = {
  uid: string;
  sv: number;
  adm: boolean;
  /** business id → the user's role in it, in membership order. */
  biz: Record<string, BusinessRole>;
};

export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

export async function loadGlobalRoles(userId: string): Promise<GlobalRole[]> {
  try {
    const rows = await db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId));
    return normaliseRoles(rows.map((r) => r.name));
  } catch (e) {
    console.error("Falha ao ler papéis do usuário; usando business_owner", e);
    return normaliseRoles([]);
  }
}

export async function loadMemberships(userId: string) {
  return db
    .select({
      id: businesses.id,
      name: businesses.name,
      description: businesses.description,
      role: userBusinessRoles.role,
    })
    .from(userBusinessRoles)
    .innerJoin(businesses, eq(businesses.id, userBusinessRoles.businessId))
    .where(eq(userBusinessRoles.userId, userId))
    .orderBy(asc(userBusinessRoles.createdAt), asc(businesses.name));
}

/** Fresh claims for a user from the database, or null when the user no longer exists. */
export async function buildClaims(userId: string): Promise<SessionClaims | null> {
  const [user] = await db.select({ id: users.id, sv: users.sessionVersion }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [globalRoles, memberships] = await Promise.all([loadGlobalRoles(userId), loadMemberships(userId)]);
  return {
    uid: user.id,
    sv: user.sv,
    adm: roleFlags(globalRoles).isAdmin,
    biz: Object.fromEntries(memberships.map((m) => [m.id, m.role])),
  };
}

export function sameClaims(a: Partial<SessionClaims>, b: SessionClaims): boolean {
  return a.uid === b.uid && a.sv === b.sv && a.adm === b.adm && JSON.stringify(a.biz ?? {}) === JSON.stringify(b.biz);
}
