import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { OWNER, sql } from "./support";

/** Fixtures of the reports specs: a salon of their own, so every figure can be counted by hand. */

export const tag = () => randomUUID().slice(0, 8);

/** An account with the demo password (copied from the demo owner), e-mail confirmed. */
export async function account(role: "business_owner" | "employee", fullName: string) {
  const email = `relatorios-${role}-${tag()}@teste.com.br`;
  const [row] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, full_name, registered, email_verified_at)
    select ${email}, password_hash, ${fullName}, true, now() from users where email = ${OWNER}
    returning id`;
  await sql()`insert into user_roles (user_id, role_id) select ${row.id}, id from roles where name = ${role}`;
  return { id: row.id, email, fullName };
}

/** A salon with its owner and one employee, nothing else. */
export async function salon(t = tag()) {
  const owner = await account("business_owner", `Dona ${t}`);
  const employee = await account("employee", `Ajudante ${t}`);
  const [b] = await sql()<{ id: string }[]>`insert into businesses (name) values (${`Salão Relatórios ${t}`}) returning id`;
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${owner.id}, ${b.id}, 'owner'), (${employee.id}, ${b.id}, 'employee')`;
  return { t, id: b.id, owner, employee };
}

export async function studioId(): Promise<string> {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}

export async function toast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

