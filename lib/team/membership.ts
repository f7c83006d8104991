import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import { denial, type Grant, type Level } from "@/lib/auth/permissions";
import type { BusinessRole } from "@/lib/auth/roles";

/**
 * Whether `userId` is still, inside this transaction, a member of the business at `level` (a row
 * of the permission table), holding their membership row (FOR KEY SHARE) until the transaction
 * ends. A write that makes a secret for its author (a calendar link, a bot API key, an invitation)
 * calls it before writing: a removal of the author (removeMember deletes this row, then revokes
 * what they made) either waits for that write and revokes it too, or came first, and the write is
 * refused. The pipeline's own check read the membership before the transaction began.
 *
 * With a `grant` the row is held FOR SHARE: a withdrawal of the grant (setMemberGrants updates the
 * row, then revokes what the grant made) waits for this write, so it is revoked too.
 */
export async function holdMembership(tx: Conn, businessId: string, userId: string, level: Extract<Level, "staff" | "owner">, grant?: Grant): Promise<boolean> {
  const [row] = await tx.execute<{ role: BusinessRole; grants: Grant[] }>(sql`
    select role, grants from user_business_roles where business_id = ${businessId} and user_id = ${userId}
       for ${grant ? sql`share` : sql`key share`}`);
  return !!row && !denial(level, { signedIn: true, isAdmin: false, businessRole: row.role, grants: row.grants }, "call", grant);
}
