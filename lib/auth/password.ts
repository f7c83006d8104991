import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";

/**
 * `Algorithm` is an ambient const enum, which `isolatedModules` cannot read at runtime,
 * so the numeric value of `Algorithm.Argon2id` is spelled out here.
 */
const ARGON2ID = 2 as Algorithm;

/** OWASP's first recommended argon2id profile: 19 MiB, 2 passes, 1 lane. */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** The PHC string ($argon2id$v=19$m=19456,t=2,p=1$…) to store in users.password_hash. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, PASSWORD_HASH_OPTIONS);
}

/** True when `plain` matches `hash`. A missing or malformed hash is a mismatch, never an exception. */
export async function verifyPassword(hashed: string | null | undefined, plain: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
