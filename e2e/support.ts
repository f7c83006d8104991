import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import postgres from "postgres";

export const PASSWORD = "agenda123";
export const OWNER = "dono@exemplo.com.br";
export const EMPLOYEE = "colaborador@exemplo.com.br";
export const ADMIN = "admin@exemplo.com.br";
export const OTHER_OWNER = "outro@exemplo.com.br";

type Runtime = { databaseUrl: string; outbox: string; appUrl: string; [k: string]: string };

/** What scripts/e2e-server.ts wrote for this run (database URL, outbox folder, app URL). */
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

/** Signs in through the /auth form and waits to leave it. */
export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/, { timeout: 20_000 });
}
