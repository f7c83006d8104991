import { expect, test, type Page } from "@playwright/test";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

async function noSidewaysScroll(p: Page) {
  const { scroll, width } = await p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, "rolagem lateral").toBeLessThanOrEqual(width);
}

/**
 * Issue 35's screens (npm run shots): 'Pendentes antigos' and a no-show's mark on the agenda, the
 * status menu of a visit not started yet, the client's page, the dashboard's new cards; at 1280 and
 * 390 px, light and dark.
 */
test("outcomes and the client's page", async ({ page }) => {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const today = todayInBusiness();
  // Two pendentes from last week, still to review.
  const old = await sql()<{ id: string }[]>`
    select id from appointments where business_id = ${b.id} and date between ${addDays(today, -9)} and ${addDays(today, -3)} and status_id in (2, 4) order by date, time limit 2`;
  for (const a of old) await sql()`update appointments set status_id = 1 where id = ${a.id}`;
  const [busiest] = await sql()<{ id: string }[]>`
    select c.id from clients c join client_appointment_stats s on s.client_id = c.id where c.business_id = ${b.id} order by s.appointments desc, c.id limit 1`;
  await sql()`update clients set notes = 'Prefere a cadeira perto da janela.
Alérgica a amônia: usar a linha sem amônia.' where id = ${busiest.id}`;

  await login(page, OWNER);
  await shootAll(page, "outcomes-agenda", async (p) => {
    await p.goto("/appointments");
    await expect(p.getByTestId("stale-pending")).toBeVisible();
    await noSidewaysScroll(p);
  }, { viewportOnly: true });
  await shootAll(page, "outcomes-status-menu", async (p) => {
    await p.goto("/appointments");
    const card = p.getByTestId("day-section").nth(1).getByTestId("appointment-card").first();
    await card.getByRole("button", { name: /^Status: / }).click();
    await expect(p.getByRole("menu")).toBeVisible();
  }, { viewportOnly: true });
  await shootAll(page, "client-page", async (p) => {
    await p.goto(`/clients/${busiest.id}`);
    await expect(p.getByTestId("client-totals")).toBeVisible();
    await noSidewaysScroll(p);
  });
  await shootAll(page, "outcomes-dashboard", async (p) => {
    await p.goto("/reports/dashboard");
    await expect(p.getByRole("heading", { name: "Taxa de faltas" })).toBeVisible();
    await noSidewaysScroll(p);
  }, { viewportOnly: true });
});
