import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import { denial, type Level } from "@/lib/auth/permissions";
import type { BusinessRole } from "@/lib/auth/roles";

/**
 * Whether `userId` is still, inside this transaction, a member of the business at `level` (a row
 * of the permission table), holding their membership row (FOR KEY SHARE) until the transaction
 * ends. A write that makes a secret for its author (a calendar link, a bot API key, an invitation)
 * calls it before writing: a removal of the author (removeMember deletes this row, then revokes
 * what they made) either waits for that write and revokes it too, or came first, and the write is
 * refused. The pipeline's own check read the membership before the transaction began.
 */
export async function holdMembership(tx: Conn, businessId: string, userId: string, level: Extract<Level, "staff" | "owner">): Promise<boolean> {
  const [row] = await tx.execute<{ role: BusinessRole }>(sql`
    select role from user_business_roles where business_id = ${businessId} and user_id = ${userId} for key share`);
  return !!row && !denial(level, { signedIn: true, isAdmin: false, businessRole: row.role }, "call");
}
