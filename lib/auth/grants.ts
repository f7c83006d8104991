import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import type { GlobalRole } from "./roles";

/** Gives the global role to the user unless they already have it (inside the caller's transaction). */
export async function grantGlobalRole(conn: Conn, userId: string, role: GlobalRole): Promise<void> {
  const rows = await conn.execute(sql`
    insert into user_roles (user_id, role_id)
    select ${userId}::uuid, id from roles where name = ${role}
    on conflict do nothing
    returning role_id`);
  if (!rows.length) {
    const [known] = await conn.execute(sql`select 1 from roles where name = ${role}`);
    if (!known) throw new Error(`Papel ${role} não encontrado`);
  }
}
