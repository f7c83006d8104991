import { randomUUID } from "node:crypto";
import { NOT_STARTED_TEXT, STATUS } from "../lib/appointments/status";
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
async function booked(name: string, date: string, time: string, status: number = STATUS.pendente) {
  const businessId = await studio();
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone) values (${businessId}, ${name}, '65 99123-4567') returning id`;
  const [a] = await sql()<{ id: string }[]>`
    insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${date}, ${time}, ${status}) returning id`;
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
      // A phone lists the first alone until 'Ver todos' (other tests' old pendentes may come first).
      const all = stale.getByRole("button", { name: /^Ver todos/ });
      await expect(async () => {
        if (await all.isVisible()) await all.click();
        await expect(entry).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      // The day opens first, then its cards arrive by their own read (the slower step on a loaded CI
      // machine). A press is made again if the day did not open: on a loaded machine the alert was
      // seen gone for one render between the press and the release (the release landed on the day's
      // 'Novo agendamento' 200 px below, in about 1 of 3 runs of a 4-spec mix; cause not found, see
      // the stop-61 note), and the click was lost.
      const link = entry.getByRole("link", { name: `${formatDate(past)} às 10:00` });
      await expect(async () => {
        await link.click();
        await expect(page.locator(`section[data-date="${past}"]`)).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
      const c = card(page, past, name);
      await expect(c).toBeVisible({ timeout: 20_000 });
      await c.getByRole("button", { name: /Status: Pendente/ }).click();
      await expect(page.getByRole("menuitem", { name: "Concluído" })).toBeEnabled();
      await expect(page.getByText(NOT_STARTED_TEXT)).toHaveCount(0);
      await page.getByRole("menuitem", { name: "Faltou" }).click();
      await expect(c.getByRole("button", { name: /Status: Faltou/ })).toBeVisible();
      await expect.poll(async () => (await sql()`select status_id from appointments where id = ${id}`)[0].status_id).toBe(5);
      // Out of the list at once (this tab's write), without a reload.
      await expect(stale.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);

      // The no-show is counted on the client's page, reached from the card.
      await c.getByRole("button", { name }).click();
      await c.getByRole("link", { name: `Ver cliente ${name}` }).click();
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      const totals = page.getByTestId("client-totals");
      await expect(totals).toContainText("Faltas1");
      await expect(totals).toContainText("Visitas0");
      await expect(page.getByRole("region", { name: "Histórico" }).getByText("Faltou")).toBeVisible();
      await page.goBack();

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

    test("the client's page: notes saved and audited, 'Agendar novamente' opens Novo Agendamento with the client and services", async ({ page }) => {
      const today = todayInBusiness();
      const name = `Regular ${randomUUID().slice(0, 6)}`;
      // Concluído: a past visit, not one more old pendente ahead of the list's others.
      await booked(name, addDays(today, -14), "09:00", STATUS.concluido);
      await login(page, OWNER);
      await page.goto(`/clients?q=${encodeURIComponent(name)}`);
      await page.getByTestId("client-card").getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByText("Nenhuma observação.")).toBeVisible();
      await expect(page.getByRole("region", { name: "Próximos agendamentos" })).toContainText("Nenhum agendamento futuro.");
      await expect(page.getByRole("region", { name: "Histórico" })).toContainText("Barba");

      await page.getByRole("button", { name: "Editar observações" }).click();
      const dialog = page.getByRole("dialog", { name: "Observações" });
      await dialog.getByLabel("Observações").fill("Prefere a máquina 2.\nAlérgico a amônia.");
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Observações salvas" })).toBeVisible();
      await expect(page.getByTestId("client-notes")).toHaveText("Prefere a máquina 2.\nAlérgico a amônia.");
      await expect.poll(async () => (await sql()`select count(*)::int as n from audit_logs where description = ${`Observações do cliente "${name}" atualizadas`}`)[0].n).toBe(1);

      await page.getByRole("link", { name: "Agendar novamente" }).click();
      await expect(page).toHaveURL(/\/appointments\?repetir=/);
      await expect(page.getByTestId("rebook-notice")).toContainText(`Agendar novamente: ${name}`);
      await page.getByRole("button", { name: "Novo agendamento em Hoje" }).click();
      const novo = page.getByRole("dialog", { name: "Novo Agendamento" });
      await expect(novo.getByLabel("Cliente *")).toHaveValue(name);
      await expect(novo.getByRole("checkbox", { name: /^Barba/ })).toBeChecked();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    });
  });
}
