import { sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { backoffCheck, backoffCount, backoffReset, strictest, subjectKey } from "@/lib/rate-limit";
import { tooManyAttempts } from "@/lib/rate-limit/messages";
import { LOGIN } from "@/lib/rate-limit/policies";
import { grantSaasAdminIfListed } from "./oauth-user";
import { hashPassword, verifyPassword } from "./password";

export const INVALID_CREDENTIALS = "Email ou senha incorretos.";

// Verifying against a real hash when the account doesn't exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

type Result = { ok: true; user: { id: string; email: string; fullName: string | null } } | { ok: false; error: string };

/**
 * E-mail + password check. Failures are counted per account+address and per address (never per
 * account alone), with increasing waits (lib/rate-limit/policies.ts LOGIN): someone guessing from
 * one address slows down only themself, and the owner signing in from elsewhere is never locked out.
 */
export async function checkCredentials(emailInput: string, password: string, address: string): Promise<Result> {
  const email = emailInput.trim().toLowerCase();
  if (!email || !password) return { ok: false, error: INVALID_CREDENTIALS };
  const pairKey = subjectKey(email, address);
  const addressKey = subjectKey(address);
  const wait = strictest(await backoffCheck(LOGIN.pair, pairKey), await backoffCheck(LOGIN.address, addressKey));
  if (!wait.ok) return { ok: false, error: tooManyAttempts(wait.retryAfterMs) };

  const [user] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, hash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  dummyHash ??= hashPassword("senha-que-nao-existe");
  const valid = await verifyPassword(user?.hash ?? (await dummyHash), password);
  if (!user || !user.hash || !valid) {
    await Promise.all([backoffCount(LOGIN.pair, pairKey), backoffCount(LOGIN.address, addressKey)]);
    return { ok: false, error: INVALID_CREDENTIALS };
  }
  // The address's count stays: one good account must not wash away guesses at others.
  await backoffReset(LOGIN.pair, pairKey);
  await grantSaasAdminIfListed(user.id);
  return { ok: true, user: { id: user.id, email: user.email, fullName: user.fullName } };
}

