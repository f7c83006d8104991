import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/**
 * Issue 52's slips and item 6 (npm run shots): the 'Lembretes' card naming the reminders without
 * 'Preciso cancelar', the client's page with its future and past apart, an agenda card's 'N faltas',
 * and the login form's 'E-mail'.
 */
test("slips", async ({ page, browser }) => {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const name = `Marina Retrato ${randomUUID().slice(0, 4)}`;
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone, email) values (${b.id}, ${name}, '65 99123-4567', 'marina@exemplo.com.br') returning id`;
  const today = todayInBusiness();
  const book = async (days: number, statusId: number) => {
    const [a] = await sql()<{ id: string }[]>`
      insert into appointments (business_id, client_id, date, time, status_id) values (${b.id}, ${c.id}, ${addDays(today, days)}, '07:00', ${statusId}) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
      select ${a.id}, s.id, null, ${b.id} from services s where s.business_id = ${b.id} and s.name = 'Barba'`;
  };
  await book(-20, 4);
  await book(-9, 5);
  await book(-6, 2);
  await book(-2, 3);
  await book(0, 5);
  await book(5, 2);
  await book(12, 3);

  await login(page, OWNER);
  await shootAll(page, "slips-reminders-card", async (p) => {
    await p.goto("/business-profile");
    await p.getByTestId("reminders-card").scrollIntoViewIfNeeded();
    await expect(p.getByTestId("reminders-no-cancel-link")).toBeVisible();
    await p.evaluate(() => document.querySelector("[data-testid='reminders-card']")?.scrollIntoView({ block: "start" }));
  }, { viewportOnly: true });
  await shootAll(page, "slips-reminders-dialog", async (p) => {
    await p.goto("/business-profile");
    await p.getByRole("button", { name: "Editar lembretes" }).click();
    await expect(p.getByTestId("reminders-dialog-no-cancel-link")).toBeVisible();
  }, { viewportOnly: true });
  await shootAll(page, "slips-client-page", async (p) => {
    await p.goto(`/clients/${c.id}`);
    await expect(p.getByRole("region", { name: "Próximos agendamentos" })).toContainText("Cancelado");
  });
  await shootAll(page, "slips-agenda-faltas", async (p) => {
    await p.goto("/appointments");
    await p.getByLabel("Ir para o dia").fill(today);
    await p.getByRole("button", { name: "Ir", exact: true }).click();
    const card = p.locator(`section[data-date="${today}"]`).getByTestId("appointment-card").filter({ hasText: name });
    await expect(card.getByTestId("no-shows-mark")).toHaveText("2 faltas");
    await card.scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
  const anon = await (await browser.newContext({ locale: "pt-BR" })).newPage();
  await shootAll(anon, "slips-login", async (p) => {
    await p.goto("/auth");
    await expect(p.getByLabel("E-mail")).toBeVisible();
  });
});
