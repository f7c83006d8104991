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

/** Node's socket errors and postgres.js's own connection errors. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN",
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
]);
/** Server shutting down or starting, too many connections (class 08 is checked apart). */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * The database could not be reached or went away mid-request (a restart, a failover, the network):
 * nothing about the request itself is wrong, and trying again in a moment will do.
 */
export function databaseUnavailable(err: unknown): boolean {
  return (
    walk(err, (e) => {
      const code = typeof e.code === "string" ? e.code : undefined;
      if (!code) return undefined;
      return CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) ? true : undefined;
    }) ?? false
  );
}
