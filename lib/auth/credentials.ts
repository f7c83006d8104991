import { sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { backoffRefund, backoffReset, backoffTake, subjectKey } from "@/lib/core/rate-limit";
import { tooManyAttempts } from "@/lib/core/rate-limit/messages";
import { LOGIN } from "@/lib/core/rate-limit/policies";
import { grantSaasAdminIfListed } from "./oauth-user";
import { hashPassword, verifyPassword } from "./password";

export const INVALID_CREDENTIALS = "E-mail ou senha incorretos.";

// Verifying against a real hash when the account doesn't exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

type Result = { ok: true; user: { id: string; email: string; fullName: string | null } } | { ok: false; error: string };

/**
 * E-mail + password check. Failures are counted per account+address and per address (never per
 * account alone), with increasing waits (lib/core/rate-limit/policies.ts LOGIN): someone guessing from
 * one address slows down only themself, and the owner signing in from elsewhere is never locked out.
 * The attempt is counted before the password is looked at, so guesses sent all at once get no
 * more checks than guesses sent one by one; a success then gives its count back.
 */
export async function checkCredentials(emailInput: string, password: string, address: string): Promise<Result> {
  const email = emailInput.trim().toLowerCase();
  if (!email || !password) return { ok: false, error: INVALID_CREDENTIALS };
  const pairKey = subjectKey(email, address);
  const addressKey = subjectKey(address);
  // The pair first: an account hammered from one address then never uses up that address's allowance.
  const wait = await backoffTake([LOGIN.pair, pairKey], [LOGIN.address, addressKey]);
  if (!wait.ok) return { ok: false, error: tooManyAttempts(wait.retryAfterMs) };

  const [user] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, hash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  dummyHash ??= hashPassword("senha-que-nao-existe");
  const valid = await verifyPassword(user?.hash ?? (await dummyHash), password);
  if (!user || !user.hash || !valid) return { ok: false, error: INVALID_CREDENTIALS };
  // Only this attempt leaves the address's count: one good account must not wash away guesses at others.
  await Promise.all([backoffReset(LOGIN.pair, pairKey), backoffRefund(LOGIN.address, addressKey)]);
  await grantSaasAdminIfListed(user.id);
  return { ok: true, user: { id: user.id, email: user.email, fullName: user.fullName } };
}

