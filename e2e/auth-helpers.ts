import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { hashPassword } from "../lib/auth/password";
import { sql } from "./support";


/** A fresh, unique e-mail for one test. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@teste.com.br`;
}

/**
 * A registered account created directly in the database (so tests never change the demo
 * accounts' passwords). `role` is the global role; `business` also makes it the owner of a new business.
 */
export async function createAccount(opts: { email?: string; password?: string; role?: string; business?: boolean; fullName?: string } = {}) {
  const email = opts.email ?? uniqueEmail("conta");
  const hash = await hashPassword(opts.password ?? "agenda123");
  const db = sql();
  const [user] = await db<{ id: string }[]>`
    insert into users (email, password_hash, full_name, registered, email_verified_at)
    values (${email}, ${hash}, ${opts.fullName ?? "Pessoa de Teste"}, true, now())
    returning id`;
  if (opts.role) {
    await db`insert into user_roles (user_id, role_id) select ${user.id}, id from roles where name = ${opts.role}`;
  }
  if (opts.business) {
    const [biz] = await db<{ id: string }[]>`insert into businesses (name) values (${`Negócio ${email}`}) returning id`;
    await db`insert into user_business_roles (user_id, business_id, role) values (${user.id}, ${biz.id}, 'owner')`;
  }
  return { id: user.id, email };
}

/** A toast (sonner) with this title, and optionally this description. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/**
 * Goes through the local OpenID provider's pages (devInteractions): any e-mail as login, any
 * password, then the consent page. Ends back in the app.
 */
export async function signInAtProvider(page: Page, email: string) {
  await page.waitForURL(/\/interaction\//, { timeout: 20_000 });
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("qualquer");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.waitForURL(/\/interaction\//);
  await page.getByRole("button", { name: /continue/i }).click();
  // The app runs on localhost, the provider on 127.0.0.1.
  await page.waitForURL((url) => url.hostname === "localhost", { timeout: 20_000 });
}

/** Starts Google sign-in by posting to next-auth (as the button does) with the given callbackUrl. */
export async function startGoogleSignIn(page: Page, callbackUrl: string) {
  // As a person would: after the page settled. The page's own first next-auth request (the session
  // check) sets a CSRF cookie too; fetched concurrently with ours, one overwrites the other.
  await page.waitForLoadState("networkidle");
  await page.evaluate(async (cb) => {
    const { csrfToken } = await (await fetch("/api/auth/csrf")).json();
    const form = document.createElement("form");
    form.method = "POST";
    form.action = "/api/auth/signin/google";
    for (const [name, value] of Object.entries({ csrfToken, callbackUrl: cb, json: "false" })) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
  }, callbackUrl);
}
