/**
 * PostgreSQL errors as postgres.js throws them (possibly wrapped by drizzle in `cause`): the
 * SQLSTATE and the constraint name, read once here for the whole app.
 */
export const PG = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  exclusionViolation: "23P01",
  checkViolation: "23514",
  serializationFailure: "40001",
  deadlockDetected: "40P01",
} as const;

function walk<T>(err: unknown, read: (e: Record<string, unknown>) => T | undefined): T | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const value = read(e as Record<string, unknown>);
    if (value !== undefined) return value;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of an error, or undefined when it did not come from PostgreSQL. */
export function pgCode(err: unknown): string | undefined {
  return walk(err, (e) => (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined));
}

/** The name of the constraint PostgreSQL reported, when there is one. */
export function pgConstraint(err: unknown): string | undefined {
  return walk(err, (e) => (typeof e.constraint_name === "string" ? e.constraint_name : undefined));
}
