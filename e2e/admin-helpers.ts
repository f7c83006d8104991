import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, type Page, type Request } from "@playwright/test";
import { ADMIN, login, sql } from "./support";

export { sql };

export const SHOTS_DIR = "/tmp/shots-admin";

export function tag(): string {
  return randomUUID().slice(0, 8);
}

/** Signs in as the platform admin and waits for the admin area. */
export async function loginAdmin(page: Page) {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Admin SaaS", { exact: true })).toBeVisible();
}

/** A user row made directly in the database (optionally with a global role); returns its id. */
export async function makeUser(fields: { email: string; fullName?: string; companyName?: string; role?: string }): Promise<string> {
  const [row] = await sql()`
    insert into users (email, full_name, company_name, registered)
    values (${fields.email}, ${fields.fullName ?? null}, ${fields.companyName ?? null}, true)
    returning id`;
  if (fields.role) {
    await sql()`insert into user_roles (user_id, role_id) select ${row.id}, id from roles where name = ${fields.role}`;
  }
  return row.id as string;
}

/** A user who can sign in with the demo password (hash copied from the seeded admin). */
export async function makeLoginUser(email: string, role: string): Promise<string> {
  const [row] = await sql()`
    insert into users (email, full_name, password_hash, email_verified_at, registered)
    select ${email}, 'Usuário de teste', password_hash, now(), true from users where email = ${ADMIN}
    returning id`;
  await sql()`insert into user_roles (user_id, role_id) select ${row.id}, id from roles where name = ${role}`;
  return row.id as string;
}

export async function makeBusiness(fields: { name: string; phone?: string; email?: string; ownerId?: string; fee?: string; status?: string }) {
  const [row] = await sql()`
    insert into businesses (name, phone, email, monthly_fee, subscription_status)
    values (${fields.name}, ${fields.phone ?? null}, ${fields.email ?? null}, ${fields.fee ?? "0"}, ${fields.status ?? "active"})
    returning id`;
  if (fields.ownerId) {
    await sql()`insert into user_business_roles (user_id, business_id, role) values (${fields.ownerId}, ${row.id}, 'owner')`;
  }
  return row.id as string;
}

export type CapturedAction = { url: string; headers: Record<string, string>; body: string };

/**
 * Runs `trigger` in an admin page and captures the server-action request it makes (Next-Action
 * header and body) WITHOUT letting it reach the server, so it can be replayed by someone else.
 */
export async function captureAction(page: Page, trigger: () => Promise<void>): Promise<CapturedAction> {
  let captured: CapturedAction | undefined;
  const handler = async (route: import("@playwright/test").Route, request: Request) => {
    const headers = await request.allHeaders();
    if (request.method() === "POST" && headers["next-action"] && !captured) {
      captured = { url: request.url(), headers, body: request.postData() ?? "" };
      await route.abort();
      return;
    }
    await route.continue();
  };
  await page.route("**/*", handler);
  await trigger();
  await expect.poll(() => !!captured, { timeout: 10_000 }).toBe(true);
  await page.unroute("**/*", handler);
  return captured!;
}

/** Replays a captured server action with the cookies of `page`'s context; no redirects followed. */
export async function replayAction(page: Page, action: CapturedAction) {
  const origin = new URL(action.url).origin;
  const response = await page.request.post(action.url, {
    headers: {
      "next-action": action.headers["next-action"],
      "content-type": action.headers["content-type"] ?? "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin,
    },
    data: action.body,
    maxRedirects: 0,
  });
  return { status: response.status(), text: await response.text(), location: response.headers()["location"] };
}

/** Screenshots at 1280 px and 390 px, light and dark, into /tmp/shots-admin/{name}-{w}-{scheme}.png. */
export async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (original) await page.setViewportSize(original);
}
