import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { claimsOf, loadUserAccess, sameClaims, sessionHolds, sessionIdOf, type Membership, type UserAccess } from "./claims";
import { roleFlags, type BusinessRole, type GlobalRole } from "./roles";
import { pickCurrentBusiness } from "./route-rules";
import { readSessionToken } from "./session-cookie";
import type { Cursor } from "@/lib/core/realtime/cursor";

export const CURRENT_BUSINESS_COOKIE = "currentBusinessId";

export type { Membership };

export type AuthContext = {
  user: Omit<UserAccess["user"], "sessionVersion" | "emailVerifiedAt"> & {
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
  /**
   * The page's render cursor: the change log's last seq per business, read with the memberships
   * before the page reads any data, so its live stream resumes from there (lib/core/realtime/stream.ts).
   */
  cursor: Cursor;
};

/**
 * The signed-in user as the database sees them now, once per request. A deleted user, a session
 * signed out or expired on the server, an old session version (password reset) or a missing cookie
 * all mean: not signed in. One prepared statement reads it all (lib/auth/claims.ts).
 */
export const getAuthContext = cache(async (): Promise<AuthContext | null> => {
  const token = await readSessionToken();
  if (!token?.uid) return null;
  const access = await loadUserAccess(token.uid, sessionIdOf(token));
  if (!sessionHolds(token, access)) return null;

  const { user, roles, memberships, cursor } = access;
  const flags = roleFlags(roles);
  const remembered = (await cookies()).get(CURRENT_BUSINESS_COOKIE)?.value;
  const current = pickCurrentBusiness(memberships, remembered);
  const { sessionVersion: _sv, emailVerifiedAt, ...publicUser } = user;
  return {
    user: { ...publicUser, emailConfirmed: !!emailVerifiedAt },
    roles,
    flags,
    businesses: memberships,
    current,
    businessRole: current?.role ?? null,
    staleClaims: !sameClaims(token, claimsOf(access)),
    cursor,
  };
});
