/**
 * E-mail confirmation state and 'Reenviar email' (item: privileges from an address only once it
 * is proven). Plain functions over the database; lib/auth/actions.ts sends the mail.
 */
import { asc, eq } from "drizzle-orm";
import { db } from "@/db";
import { businesses, emailVerificationTokens, userBusinessRoles, users } from "@/db/schema";
import { hit, refund, strictest } from "@/lib/rate-limit";
import { tooManyAttempts } from "@/lib/rate-limit/messages";
import { CONFIRMATION } from "@/lib/rate-limit/policies";
import { hashToken, newToken, VERIFY_TOKEN_TTL_MS } from "./tokens";

export const ALREADY_CONFIRMED = "Seu email já está confirmado.";
/** Shown where an action needs a confirmed address. */
export const CONFIRM_EMAIL_FIRST = "Confirme seu email para continuar. Enviamos o link para a sua caixa de entrada.";

/** Whether the user's address is proven theirs (our link, the invitation link, or Google's word). */
export async function emailConfirmed(userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return !!row?.at;
}

export type ResendResult =
  | { ok: true; mail: { to: string; fullName: string | null; businessName: string | null; token: string } }
  | { ok: false; error: string };

/**
 * A new confirmation link for the signed-in user whose address is not confirmed yet: at most one
 * a minute and CONFIRMATION.day a day (so the button can't be used to flood a mailbox).
 */
export async function issueConfirmation(userId: string): Promise<ResendResult> {
  const [user] = await db
    .select({ email: users.email, fullName: users.fullName, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { ok: false, error: "Usuário não encontrado." };
  if (user.verifiedAt) return { ok: false, error: ALREADY_CONFIRMED };
  const minute = await hit(CONFIRMATION.minute, userId);
  const day = minute.ok ? await hit(CONFIRMATION.day, userId) : minute;
  const wait = strictest(minute, day);
  if (!wait.ok) {
    if (minute.ok) await refund(CONFIRMATION.minute, userId);
    return { ok: false, error: tooManyAttempts(wait.retryAfterMs) };
  }
  const [owned] = await db
    .select({ name: businesses.name })
    .from(userBusinessRoles)
    .innerJoin(businesses, eq(businesses.id, userBusinessRoles.businessId))
    .where(eq(userBusinessRoles.userId, userId))
    .orderBy(asc(userBusinessRoles.createdAt))
    .limit(1);
  const token = newToken();
  await db.insert(emailVerificationTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
  });
  return { ok: true, mail: { to: user.email, fullName: user.fullName, businessName: owned?.name ?? null, token } };
}
