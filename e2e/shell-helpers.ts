import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { OWNER, sql } from "./support";

export { linkFromMail, outboxFor, sql } from "./support";

export function uid(): string {
  return randomUUID().slice(0, 8);
}

/** A fresh account with the demo password (its hash is copied from the seeded owner). */
export async function createAccount(opts: { email?: string; fullName?: string; role?: string } = {}) {
  const email = (opts.email ?? `pessoa-${uid()}@teste.com.br`).toLowerCase();
  const [row] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, full_name, registered, email_verified_at)
    select ${email}, password_hash, ${opts.fullName ?? `Pessoa ${uid()}`}, true, now() from users where email = ${OWNER}
    returning id`;
  await sql()`insert into user_roles (user_id, role_id) select ${row.id}, id from roles where name = ${opts.role ?? "business_owner"}`;
  return { id: row.id, email };
}

export async function createBusinessFor(userId: string, name: string, role = "owner", description: string | null = null) {
  const [b] = await sql()<{ id: string }[]>`insert into businesses (name, description) values (${name}, ${description}) returning id`;
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${userId}, ${b.id}, ${role})`;
  return b.id;
}

export async function insertInvitation(businessId: string, email: string, invitedBy: string | null = null) {
  const [inv] = await sql()<{ id: string }[]>`
    insert into business_invitations (business_id, email, invited_by) values (${businessId}, ${email}, ${invitedBy}) returning id`;
  return inv.id;
}

export async function memberships(userId: string, businessId: string) {
  return sql()<{ role: string }[]>`select role from user_business_roles where user_id = ${userId} and business_id = ${businessId}`;
}

export async function invitationStatus(id: string) {
  const [row] = await sql()<{ status: string }[]>`select status from business_invitations where id = ${id}`;
  return row?.status;
}

/** The header's business switcher button. */
export function switcher(page: Page) {
  return page.getByTestId("business-switcher");
}

export async function switchTo(page: Page, name: string) {
  await switcher(page).click();
  await expect(page.getByRole("menu").getByText("Meus Negócios")).toBeVisible();
  await page.getByRole("menuitem").filter({ hasText: name }).click();
}

/** The desktop sidebar. */
export function sidebar(page: Page) {
  return page.locator('aside[data-sidebar="sidebar"]');
}

export async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}
