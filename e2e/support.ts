/**
 * The one fixture module of the end-to-end specs (and of shots/): the demo accounts, direct SQL on
 * the run's database, accounts and businesses made for one test, signing in, the outbox, toasts,
 * the shell's switcher, and capturing a server action to replay it as someone else.
 */
import fs from "node:fs";
import { todayInBusiness } from "../lib/core/time/business-time";
import path from "node:path";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { expect, type Cookie, type Page, type Request, type Route } from "@playwright/test";
import { allowConsoleErrors, NETWORK_FAILURE } from "./fixtures";
import postgres from "postgres";
import { hashPassword } from "../lib/auth/password";

export const PASSWORD = "agenda123";
export const OWNER = "dono@exemplo.com.br";
export const EMPLOYEE = "colaborador@exemplo.com.br";
export const ADMIN = "admin@exemplo.com.br";
export const OTHER_OWNER = "outro@exemplo.com.br";

// ───────────────────────────── the run ─────────────────────────────

/** One app instance behind the run's nginx, reachable directly at `url` (A and B). */
export type Instance = { name: string; url: string; pid: number };

type Runtime = {
  databaseUrl: string;
  outbox: string;
  /** nginx, in front of the instances: every test's baseURL. */
  appUrl: string;
  oidcIssuer: string;
  instances: Instance[];
  /** What every instance of the run is started with (DATABASE_URL, APP_URL, AUTH_SECRET, …). */
  appEnv: Record<string, string>;
};

/** What scripts/e2e-server.ts wrote for this run (database URL, outbox folder, app URL, the instances). */
export function runtime(): Runtime {
  const port = process.env.E2E_PORT ?? "3100";
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), "e2e", `.runtime-${port}.json`), "utf8"));
}

let client: postgres.Sql | undefined;
/** Direct SQL on the e2e database, for arranging states a person can't click into (e.g. expiry). */
export function sql(): postgres.Sql {
  client ??= postgres(runtime().databaseUrl, { max: 2, onnotice: () => {} });
  return client;
}

/** A short random tag that keeps one test's rows apart from every other's. */
export function uid(): string {
  return randomUUID().slice(0, 8);
}

/** A fresh, unique e-mail for one test. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${uid()}@teste.com.br`;
}

// ───────────────────────────── accounts and businesses ─────────────────────────────

type AccountOptions = {
  email?: string;
  fullName?: string | null;
  companyName?: string | null;
  /** The sign-in password: the demo one by default; null for an account without one. */
  password?: string | null;
  /** A global role row (none: the account reads as business_owner, as the spec says). */
  role?: string;
  /** Whether the address is confirmed (default true). */
  verified?: boolean;
  /** Also the owner of a new business named after the e-mail. */
  business?: boolean;
};

/**
 * An account made directly in the database, so tests never change the demo accounts. The demo
 * password's hash is copied from the seeded owner (no argon2 run per test); any other is hashed.
 */
export async function createAccount(opts: AccountOptions = {}): Promise<{ id: string; email: string }> {
  const email = (opts.email ?? uniqueEmail("pessoa")).toLowerCase();
  const fullName = opts.fullName === undefined ? `Pessoa ${uid()}` : opts.fullName;
  const verified = opts.verified ?? true;
  const password = opts.password === undefined ? PASSWORD : opts.password;
  const hash = password === null ? null : password === PASSWORD ? undefined : await hashPassword(password);
  const [user] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, full_name, company_name, registered, email_verified_at)
    select ${email}, ${hash === undefined ? sql()`password_hash` : hash}, ${fullName}, ${opts.companyName ?? null}, true,
      ${verified ? sql()`now()` : null}
    from users where email = ${OWNER}
    returning id`;
  if (opts.role) await sql()`insert into user_roles (user_id, role_id) select ${user.id}, id from roles where name = ${opts.role}`;
  if (opts.business) await createBusiness({ name: `Negócio ${email}`, ownerId: user.id });
  return { id: user.id, email };
}

type BusinessOptions = {
  name: string;
  /** Linked with `role` (default owner). */
  ownerId?: string;
  role?: string;
  description?: string | null;
  phone?: string;
  email?: string;
  fee?: string;
  status?: string;
};

/** A business made directly in the database; returns its id. */
export async function createBusiness(b: BusinessOptions): Promise<string> {
  const [row] = await sql()<{ id: string }[]>`
    insert into businesses (name, description, phone, email, monthly_fee, subscription_status)
    values (${b.name}, ${b.description ?? null}, ${b.phone ?? null}, ${b.email ?? null}, ${b.fee ?? "0"}, ${b.status ?? "active"})
    returning id`;
  if (b.ownerId) await sql()`insert into user_business_roles (user_id, business_id, role) values (${b.ownerId}, ${row.id}, ${b.role ?? "owner"})`;
  return row.id;
}

/** A busy day: `count` new clients (`prefix` 01, 02, …) booked on `date` (today in the business zone) every 5 minutes from 08:05; returns the date. */
export async function bookBusyDay(businessId: string, { date = todayInBusiness(), count = 63, prefix = "Cliente" } = {}): Promise<string> {
  await sql()`
    with c as (
      insert into clients (business_id, name) select ${businessId}, ${prefix} || ' ' || lpad(i::text, 2, '0') from generate_series(1, ${count}::int) i returning id, name)
    insert into appointments (business_id, client_id, date, time)
    select ${businessId}, id, ${date}, time '08:00' + (right(name, 2)::int * interval '5 minutes') from c`;
  return date;
}

export async function insertInvitation(businessId: string, email: string, invitedBy: string | null = null) {
  const [inv] = await sql()<{ id: string }[]>`
    insert into business_invitations (business_id, email, invited_by) values (${businessId}, ${email}, ${invitedBy}) returning id`;
  return inv.id;
}

/** Gives the invitation a new e-mail secret (as the team page does) and returns it: the `key` of its link. */
export async function invitationSecret(invitationId: string): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await sql()`update business_invitations set secret_hash = ${createHash("sha256").update(secret).digest("hex")} where id = ${invitationId}`;
  return secret;
}

export async function memberships(userId: string, businessId: string) {
  return sql()<{ role: string }[]>`select role from user_business_roles where user_id = ${userId} and business_id = ${businessId}`;
}

export async function invitationStatus(id: string) {
  const [row] = await sql()<{ status: string }[]>`select status from business_invitations where id = ${id}`;
  return row?.status;
}

// ───────────────────────────── mail ─────────────────────────────

/** Every message in the outbox addressed to `to`, oldest first, as raw text. */
export function outboxFor(to: string): string[] {
  const dir = runtime().outbox;
  if (!fs.existsSync(dir)) return [];
  const safe = to.toLowerCase().replace(/[^a-z0-9@._-]/gi, "_");
  return fs
    .readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith(`-${safe}.eml`))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}

/** Waits for the newest message to `to` and returns the first link in it that contains `part`. */
export async function linkFromMail(to: string, part: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = outboxFor(to);
        const text = mails.at(-1)?.replace(/=\r?\n/g, "").replace(/=3D/g, "=") ?? "";
        link = text.match(new RegExp(`https?://[^\\s"<>]*${part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"<>]*`))?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** A message with quoted-printable undone (UTF-8). */
export const decoded = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

/** The newest message to `to` whose decoded text contains `part`. */
export async function mailContaining(to: string, part: string): Promise<string> {
  let found: string | undefined;
  await expect.poll(() => (found = outboxFor(to).map(decoded).findLast((m) => m.includes(part))), { timeout: 20_000 }).toBeTruthy();
  return found!;
}

// ───────────────────────────── in the browser ─────────────────────────────

/** Signs in through the /auth form and waits to leave it. */
/** Signs in through the /auth form, as a person does (tests that need the form's own effects, such as its toast). */
export async function loginWithForm(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/, { timeout: 20_000 });
}

/**
 * This worker's signed-in sessions, by e-mail and password: each account signs in once and its
 * session cookie is reused (as Playwright's storageState would) while the server still holds that
 * session (a test that signs out, or ends every session, makes the next one sign in again).
 */
const sessions = new Map<string, Cookie[]>();

const isSessionCookie = (c: Cookie) => /next-auth\.session-token/.test(c.name);

/**
 * Signs `page`'s browser in as `email`, opening nothing: most tests go straight to the screen they
 * test, and loading `/` (the whole agenda, for staff) first cost each of them a page. A test that
 * needs where `/` sends each role (the agenda, /admin, 'Cadastre seu Negócio') opens it itself.
 * Through next-auth's own endpoint, not the form: the form itself is tested in e2e/auth.spec.ts.
 */
export async function login(page: Page, email: string, password = PASSWORD) {
  const key = `${email.toLowerCase()}\n${password}`;
  const context = page.context();
  const cached = sessions.get(key);
  let signedIn = false;
  if (cached) {
    await context.addCookies(cached);
    const session = await (await page.request.get("/api/auth/session")).json().catch(() => ({}));
    signedIn = (session as { user?: { email?: string } }).user?.email?.toLowerCase() === email.toLowerCase();
  }
  if (!signedIn) {
    const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await page.request.post("/api/auth/callback/credentials", {
      form: { csrfToken, email, password, json: "true" },
      maxRedirects: 0,
    });
    expect(res.status(), `login de ${email}: ${await res.text()}`).toBeLessThan(400);
    const cookies = (await context.cookies()).filter(isSessionCookie);
    expect(cookies, `login de ${email}: sem cookie de sessão`).toHaveLength(1);
    sessions.set(key, cookies);
  }
}

/** Signs in as the platform admin and waits for the admin area. */
export async function loginAdmin(page: Page) {
  await login(page, ADMIN);
  await page.goto("/");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Admin SaaS", { exact: true })).toBeVisible();
}

/**
 * The text of a page as the server sends it (the signed-in context's cookies), before any script
 * runs: tags and React's text separators dropped. What a screen shows without a read after it loads.
 */
export async function renderedText(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  // Scripts' text is not shown (the page's data for React is in them).
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, " ").replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");
}

/** Every sprite icon on the page (`<use href="#…">`) points at a symbol the page has: none drawn empty. */
export async function expectSpriteIconsDrawn(page: Page) {
  const missing = await page.evaluate(() =>
    [...document.querySelectorAll("use")].map((u) => u.getAttribute("href") ?? "").filter((href) => !href.startsWith("#") || !document.getElementById(href.slice(1))),
  );
  expect(missing).toEqual([]);
}

/** A toast (sonner) with this text, and optionally this description too. */
export async function expectToast(page: Page, text: string | RegExp, description?: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
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

// ───────────────────────────── Google (the local OpenID provider) ─────────────────────────────

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

// ───────────────────────────── captured server actions ─────────────────────────────

export type CapturedAction = { url: string; headers: Record<string, string>; body: string };

/**
 * Runs `trigger` in a page and captures the server-action request it makes (Next-Action header
 * and body) WITHOUT letting it reach the server, so it can be replayed by someone else.
 */
export async function captureAction(page: Page, trigger: () => Promise<void>): Promise<CapturedAction> {
  let captured: CapturedAction | undefined;
  const handler = async (route: Route, request: Request) => {
    const headers = await request.allHeaders();
    if (request.method() === "POST" && headers["next-action"] && !captured) {
      captured = { url: request.url(), headers, body: request.postData() ?? "" };
      // The page sees a network failure, and says so in its console.
      allowConsoleErrors(NETWORK_FAILURE);
      await route.abort();
      return;
    }
    await route.continue();
  };
  await page.route("**/*", handler);
  await trigger();
  await expect.poll(() => !!captured, { timeout: 10_000 }).toBe(true);
  // Requests the abort set off (a toast's lazily loaded code) may still be in the handler: let them finish.
  await page.unrouteAll({ behavior: "wait" });
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
  return { status: response.status(), text: await response.text(), location: response.headers()["location"], response };
}

/** Waits until the page's live stream listens (its first 'ready'), so a change made elsewhere from now on reaches it. */
export async function waitForRealtime(page: Page) {
  await expect(page.locator("html[data-realtime='live']")).toHaveCount(1, { timeout: 15_000 });
}

/** The change log's seq of a row's last change (the event that carries it to the pages). */
export async function lastChangeOf(rowId: string): Promise<{ businessId: string; seq: number }> {
  const [c] = await sql()<{ businessId: string; seq: string }[]>`
    select business_id as "businessId", seq::text from changes where entity_id = ${rowId} order by seq desc limit 1`;
  return { businessId: c.businessId, seq: Number(c.seq) };
}

/**
 * Waits until the page's live stream has delivered `change` (the stream's id after its last event,
 * kept on the page by components/shell/use-realtime.ts, has reached its seq).
 */
export async function waitForHeard(page: Page, change: { businessId: string; seq: number }) {
  const heard = () =>
    page.evaluate((businessId) => {
      const entry = (document.documentElement.dataset.realtimeCursor ?? "").split(",").find((e) => e.startsWith(`${businessId}:`));
      return entry ? Number(entry.split(":")[1]) : 0;
    }, change.businessId);
  await expect.poll(heard, { timeout: 15_000 }).toBeGreaterThanOrEqual(change.seq);
}

/**
 * The issue 53 barbershop visit, closed on `day` as lib/comandas closes one (its rows written here
 * until the comanda screens exist): Corte R$ 50 + Barba R$ 30 and a Pomada R$ 45 by `professionalId`
 * at 50 % / 10 %, R$ 60 by Pix and R$ 70 in cash with R$ 5 kept as the tip. Returns the comanda's id.
 */
export async function barberVisit(businessId: string, professionalId: string, day: string = todayInBusiness()): Promise<string> {
  return sql().begin(async (tx) => {
    const [c] = await tx<{ id: string }[]>`insert into comandas (business_id) values (${businessId}) returning id`;
    const [p] = await tx<{ id: string }[]>`insert into products (business_id, name, price_cents) values (${businessId}, ${`Pomada ${uid()}`}, 4500) returning id`;
    const lines = await tx<{ id: string; name: string }[]>`
      insert into comanda_lines (business_id, comanda_id, position, kind, product_id, name, professional_id, quantity, unit_cents) values
        (${businessId}, ${c.id}, 0, 'service', null, 'Corte', ${professionalId}, 1, 5000),
        (${businessId}, ${c.id}, 1, 'service', null, 'Barba', ${professionalId}, 1, 3000),
        (${businessId}, ${c.id}, 2, 'product', ${p.id}, 'Pomada', ${professionalId}, 1, 4500)
      returning id, name`;
    await tx`insert into comanda_tips (business_id, comanda_id, professional_id, cents) values (${businessId}, ${c.id}, ${professionalId}, 500)`;
    await tx`update comandas set status = 'closed', closed_at = now(), closed_on = ${day}::date, total_cents = 13000 where id = ${c.id}`;
    await tx`insert into comanda_payments (business_id, comanda_id, method, cents) values (${businessId}, ${c.id}, 'pix', 6000), (${businessId}, ${c.id}, 'cash', 7000)`;
    const line = (name: string) => lines.find((l) => l.name === name)!.id;
    await tx`
      insert into commission_entries (business_id, professional_id, comanda_id, line_id, kind, occurred_on, description, base_cents, rate_kind, rate_value, cents) values
        (${businessId}, ${professionalId}, ${c.id}, ${line("Corte")}, 'service', ${day}::date, 'Corte', 5000, 'percent', 5000, 2500),
        (${businessId}, ${professionalId}, ${c.id}, ${line("Barba")}, 'service', ${day}::date, 'Barba', 3000, 'percent', 5000, 1500),
        (${businessId}, ${professionalId}, ${c.id}, ${line("Pomada")}, 'product', ${day}::date, 'Pomada', 4500, 'percent', 1000, 450),
        (${businessId}, ${professionalId}, ${c.id}, null, 'tip', ${day}::date, 'Gorjeta', 500, null, null, 500)`;
    return c.id;
  });
}
