import "server-only";
import { eq, sql } from "drizzle-orm";
import { cookies } from "next/headers";
import { cache } from "react";
import { db } from "@/db";
import { users } from "@/db/schema";
import { sameClaims, type SessionClaims } from "./claims";
import { normaliseRoles, roleFlags, type BusinessRole, type GlobalRole } from "./roles";
import { pickCurrentBusiness } from "./route-rules";
import { readSessionToken } from "./session-cookie";

export const CURRENT_BUSINESS_COOKIE = "currentBusinessId";

export type Membership = { id: string; name: string; description: string | null; role: BusinessRole };

export type AuthContext = {
  user: {
    id: string;
    email: string;
    fullName: string | null;
    avatarUrl: string | null;
    registered: boolean;
    /** The address is proven theirs; until then privileges that follow from it are withheld. */
    emailConfirmed: boolean;
  };
  roles: GlobalRole[];
  flags: ReturnType<typeof roleFlags>;
  businesses: Membership[];
  current: Membership | null;
  businessRole: BusinessRole | null;
  /** The cookie's claims differ from the database: middleware may redirect on old facts. */
  staleClaims: boolean;
};

/**
 * The signed-in user as the database sees them now, once per request. A deleted user, an old
 * session version (password reset) or a missing cookie all mean: not signed in.
 */
export const getAuthContext = cache(async (): Promise<AuthContext | null> => {
  const token = await readSessionToken();
  if (!token?.uid) return null;
  // One round trip on every signed-in request: the user, their global roles and memberships
  // (in membership order, as lib/auth/claims.ts loadMemberships gives them to the session cookie).
  const [row] = await db
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
      memberships: sql<Membership[]>`(select coalesce(json_agg(json_build_object('id', b.id, 'name', b.name,
        'description', b.description, 'role', m.role) order by m.created_at, b.name), '[]')
        from user_business_roles m join businesses b on b.id = m.business_id where m.user_id = "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, token.uid));
  if (!row || row.sessionVersion !== token.sv) return null;

  const { roleNames: names, memberships, ...user } = row;
  const roles = normaliseRoles(names);
  const flags = roleFlags(roles);
  const remembered = (await cookies()).get(CURRENT_BUSINESS_COOKIE)?.value;
  const current = pickCurrentBusiness(memberships, remembered);
  const fresh: SessionClaims = {
    uid: user.id,
    sv: user.sessionVersion,
    adm: flags.isAdmin,
    biz: Object.fromEntries(memberships.map((m) => [m.id, m.role])),
  };
  const { sessionVersion: _sv, emailVerifiedAt, ...publicUser } = user;
  return {
    user: { ...publicUser, emailConfirmed: !!emailVerifiedAt },
    roles,
    flags,
    businesses: memberships,
    current,
    businessRole: current?.role ?? null,
    staleClaims: !sameClaims(token, fresh),
  };
});
