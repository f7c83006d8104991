/** Data the catalog specs (services, professionals) arrange directly in the e2e database. */
import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { expect, type Page } from "@playwright/test";
import { PASSWORD, sql } from "./support";

export const tag = () => randomUUID().slice(0, 6);

export async function studioId(): Promise<string> {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}

/** A new owner (password agenda123) of a new, empty business: for the empty states. */
export async function emptySalon(): Promise<{ email: string; businessId: string }> {
  const t = tag();
  const email = `vazio-${t}@exemplo.com.br`;
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const [user] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, email_verified_at, full_name) values (${email}, ${passwordHash}, now(), ${`Dona ${t}`}) returning id`;
  const [business] = await sql()<{ id: string }[]>`insert into businesses (name) values (${`Salão Vazio ${t}`}) returning id`;
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${user.id}, ${business.id}, 'owner')`;
  return { email, businessId: business.id };
}

export async function toast(page: Page, title: string, description?: string) {
  const t = page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
  await expect(t).toBeVisible();
  if (description) await expect(t).toContainText(description);
}
