import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "@/db";

test("migrations seed the spec's four appointment statuses and 'faltou'", async () => {
  const rows = await db.execute<{ id: number; name: string }>(sql`select id, name from appointment_status order by id`);
  expect(rows.map((r) => `${r.id} ${r.name}`)).toEqual(["1 pendente", "2 confirmado", "3 cancelado", "4 concluido", "5 faltou"]);
});
