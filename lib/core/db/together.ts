/**
 * A transaction's next few statements in one round trip: each is handed to the connection before
 * the first answer is back (postgres.js pipelines what a reserved connection is given), instead of
 * each one waiting for the one before. Under load every round trip also waits its turn on a busy
 * event loop, so a write's latency grows with how many of them it makes.
 *
 * The server runs them in the order they were sent. That is the order given here for drizzle
 * statements passed as they are, and for prepared statements' `execute()` calls (lib/core/db/prepared.ts,
 * drizzle's `.prepare()`), each handed over when called; not for a statement awaited inside an
 * async function after some other await, which goes some microtasks later. A row, then the rows
 * that point at it, must both be passed the same one of those ways.
 * Statements whose order does not matter may be anything.
 * On failure, throws the error of the first statement, in the order given, that failed: the ones
 * after it fail only because the transaction is already aborted.
 */
export async function together<T extends readonly unknown[]>(...statements: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(statements);
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
