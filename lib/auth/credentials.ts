import { sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { grantSaasAdminIfListed } from "./oauth-user";
import { hashPassword, verifyPassword } from "./password";
import { clearFailures, LIMITS, lockedMinutes, recordFailure, tooManyAttempts } from "./throttle";

export const INVALID_CREDENTIALS = "Email ou senha incorretos.";

// Verifying against a real hash when the account doesn't exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

type Result = { ok: true; user: { id: string; email: string; fullName: string | null } } | { ok: false; error: string };

/** E-mail + password check with per-account and per-address throttling. */
export async function checkCredentials(emailInput: string, password: string, ip: string): Promise<Result> {
  const email = emailInput.trim().toLowerCase();
  if (!email || !password) return { ok: false, error: INVALID_CREDENTIALS };
  const accountKey = `login:account:${email}`;
  const addressKey = `login:address:${ip}`;
  const locked = Math.max(await lockedMinutes(accountKey), await lockedMinutes(addressKey));
  if (locked > 0) return { ok: false, error: tooManyAttempts(locked) };

  const [user] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, hash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  dummyHash ??= hashPassword("senha-que-nao-existe");
  const valid = await verifyPassword(user?.hash ?? (await dummyHash), password);
  if (!user || !user.hash || !valid) {
    await recordFailure(accountKey, LIMITS.loginAccount);
    await recordFailure(addressKey, LIMITS.loginAddress);
    return { ok: false, error: INVALID_CREDENTIALS };
  }
  await clearFailures(accountKey);
  await grantSaasAdminIfListed(user.id, user.email);
  return { ok: true, user: { id: user.id, email: user.email, fullName: user.fullName } };
}
