import { randomUUID } from "node:crypto";
import { NOT_STARTED_TEXT } from "../lib/appointments/status";
import { formatDate } from "../lib/core/format/date";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { expect, test, type Page } from "./fixtures";
import { login, OWNER, sql } from "./support";

/**
 * 'Concluído' and 'Faltou' in the status menu (only once the visit has started), 'Pendentes
 * antigos' on the agenda, and the dashboard's no-show rate: at 1280 and 390 px.
 */
async function studio() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}

/** A client of its own with a Barba (no professional: reruns and both widths never collide), as another device would book it. */
async function booked(name: string, date: string, time: string) {
  const businessId = await studio();
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone) values (${businessId}, ${name}, '65 99123-4567') returning id`;
  const [a] = await sql()<{ id: string }[]>`
    insert into appointments (business_id, client_id, date, time) values (${businessId}, ${c.id}, ${date}, ${time}) returning id`;
  await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
    select ${a.id}, s.id, null, ${businessId} from services s where s.business_id = ${businessId} and s.name = 'Barba'`;
  return a.id;
}

const card = (page: Page, date: string, client: string) =>
  page.locator(`section[data-date="${date}"]`).getByTestId("appointment-card").filter({ hasText: client });

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, reducedMotion: "reduce" });

    test("a pendente three days old is listed for review, opened and marked 'Faltou'; a future one can't be", async ({ page }) => {
      const today = todayInBusiness();
      const past = addDays(today, -3);
      const name = `Faltosa ${randomUUID().slice(0, 6)}`;
      const id = await booked(name, past, "10:00");
      const future = addDays(today, 400 + (width % 7));
      const later = `Futura ${randomUUID().slice(0, 6)}`;
      await booked(later, future, "10:00");

      await login(page, OWNER);
      await page.goto("/appointments");
      const stale = page.getByTestId("stale-pending");
      await expect(stale).toContainText("Pendentes antigos");
      await expect(stale).toContainText("Marque cada um como Concluído, Faltou ou Cancelado.");
      const entry = stale.getByRole("listitem").filter({ hasText: name });
      await expect(entry).toBeVisible();
      await entry.getByRole("button", { name: `${formatDate(past)} às 10:00` }).click();

      const c = card(page, past, name);
      await expect(c).toBeVisible();
      await c.getByRole("button", { name: /Status: Pendente/ }).click();
      await expect(page.getByRole("menuitem", { name: "Concluído" })).toBeEnabled();
      await expect(page.getByText(NOT_STARTED_TEXT)).toHaveCount(0);
      await page.getByRole("menuitem", { name: "Faltou" }).click();
      await expect(c.getByRole("button", { name: /Status: Faltou/ })).toBeVisible();
      await expect.poll(async () => (await sql()`select status_id from appointments where id = ${id}`)[0].status_id).toBe(5);
      // Out of the list at once (this tab's write), without a reload.
      await expect(stale.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);

      await page.getByLabel("Ir para o dia").fill(future);
      await page.getByRole("button", { name: "Ir", exact: true }).click();
      const f = card(page, future, later);
      await f.getByRole("button", { name: /Status: Pendente/ }).click();
      await expect(page.getByRole("menuitem", { name: "Concluído" })).toBeDisabled();
      await expect(page.getByRole("menuitem", { name: "Faltou" })).toBeDisabled();
      await expect(page.getByRole("menu")).toContainText(NOT_STARTED_TEXT);
      await expect(page.getByRole("menuitem", { name: "Confirmado" })).toBeEnabled();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    });

    test("the dashboard shows the no-show rate of the last 30 days and the old pendentes", async ({ page }) => {
      await login(page, OWNER);
      await page.goto("/reports/dashboard");
      const rate = page.getByRole("heading", { name: "Taxa de faltas" }).locator("..").locator("..");
      await expect(rate).toContainText(/\d+(,\d)?%/);
      await expect(rate).toContainText(/falta(s)? em \d+ · 30 dias/);
      await expect(page.getByRole("heading", { name: "Pendentes antigos" })).toBeVisible();
      await expect(page.getByText("confirmados e concluídos").first()).toBeVisible();
    });
  });
}
