/**
 * The app's database client runs without parallel query (db/index.ts): its statements are small and
 * many run at once, so starting workers only costs CPU. postgres.js drops startup parameters whose
 * value is falsy, so the setting must reach the server as the string "0" — this reads it back.
 */
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { databaseUrl, db, sqlClient } from "@/db";
import { connect, socketOf } from "@/db/connect";

test("every connection of the app's client has parallel query off", async () => {
  const rows = await Promise.all(
    Array.from({ length: 3 }, () => sqlClient()<{ v: string }[]>`select current_setting('max_parallel_workers_per_gather') as v`),
  );
  expect(rows.map(([r]) => r.v)).toEqual(["0", "0", "0"]);
  const [viaDrizzle] = await db.execute<{ v: string }>(sql`select current_setting('max_parallel_workers_per_gather') as v`);
  expect(viaDrizzle.v).toBe("0");
});

describe("a DATABASE_URL with ?host=/dir (libpq's form for a Unix-domain socket)", () => {
  const tcp = new URL(databaseUrl());
  // The embedded server (db/embedded.ts) listens on a socket in its data directory too; a
  // DATABASE_URL of another server may not.
  const socketUrl = process.env.DATABASE_SOCKET_URL || null;

  test("socketOf takes the directory out of the URL and keeps the rest", () => {
    expect(socketOf("postgres://u:p@localhost:5433/db?host=/var/run/postgresql&sslmode=disable")).toEqual({
      url: "postgres://u:p@localhost:5433/db?sslmode=disable",
      socketDir: "/var/run/postgresql",
    });
    expect(socketOf("postgres://u:p@db.example:5432/db")).toEqual({ url: "postgres://u:p@db.example:5432/db", socketDir: null });
    expect(socketOf("postgres://u:p@db.example:5432/db?host=db2").socketDir).toBeNull();
  });

  test.skipIf(!socketUrl)("connects over the socket, and over TCP without it", async () => {
    for (const [url, unix] of [[socketUrl!, true], [tcp.toString(), false]] as const) {
      const client = connect(url, { max: 1, onnotice: () => {} });
      try {
        const [row] = await client<{ unix: boolean; db: string }[]>`select inet_client_addr() is null as unix, current_database() as db`;
        expect(row).toEqual({ unix, db: tcp.pathname.slice(1) });
      } finally {
        await client.end();
      }
    }
  });
});
