import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { db } from "@/db";
import { passwordResetTokens } from "@/db/schema";
import { hashToken } from "./tokens";

/** True when the token is known, unused and not expired (the reset screen asks before showing the form). */
export async function resetTokenUsable(token: string | null | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return !!row;
}
