/**
 * The app's database client runs without parallel query (db/index.ts): its statements are small and
 * many run at once, so starting workers only costs CPU. postgres.js drops startup parameters whose
 * value is falsy, so the setting must reach the server as the string "0" — this reads it back.
 */
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, sqlClient } from "@/db";

test("every connection of the app's client has parallel query off", async () => {
  const rows = await Promise.all(
    Array.from({ length: 3 }, () => sqlClient()<{ v: string }[]>`select current_setting('max_parallel_workers_per_gather') as v`),
  );
  expect(rows.map(([r]) => r.v)).toEqual(["0", "0", "0"]);
  const [viaDrizzle] = await db.execute<{ v: string }>(sql`select current_setting('max_parallel_workers_per_gather') as v`);
  expect(viaDrizzle.v).toBe("0");
});
