import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { openWeekday, studioId } from "../e2e/booking-steps";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/** The waitlist: the public form from a full day, an offer's link page, the agenda's day panel (npm run shots). */
test("waitlist", async ({ page, browser }) => {
  const businessId = await studioId();
  const date = await openWeekday(26);
  const [rafael] = await sql()<{ id: string }[]>`select id from professionals where business_id = ${businessId} and name = 'Rafael Souza'`;
  const [barba] = await sql()<{ id: string }[]>`select id from services where business_id = ${businessId} and name = 'Barba'`;
  await sql()`insert into professional_time_off (business_id, professional_id, start_date, end_date, reason)
              values (${businessId}, ${rafael.id}, ${date}, ${date}, 'Shots da lista de espera')`;
  const [entry] = await sql()<{ id: string }[]>`
    insert into waitlist_entries (business_id, name, phone, email, service_ids, professional_id, dates, time_from, time_until, source, status)
    values (${businessId}, 'Marina Teixeira', '(65) 99123-4567', 'marina@exemplo.com', ${`{${barba.id}}`}::uuid[], ${rafael.id}, ${`{${date}}`}::date[], '09:00', '12:00', 'online', 'oferecido')
    returning id`;
  await sql()`
    insert into waitlist_entries (business_id, name, phone, service_ids, dates, time_from, time_until, source)
    values (${businessId}, 'Carlos Henrique Albuquerque', '(65) 98765-4321', ${`{${barba.id}}`}::uuid[], ${`{${date}}`}::date[], '14:00', '18:00', 'staff')`;
  const token = `shot-${Date.now()}`.padEnd(43, "x");
  await sql()`insert into waitlist_offers (business_id, entry_id, date, time, professional_id, minutes, token_hash, expires_at)
              values (${businessId}, ${entry.id}, ${date}, '10:00', ${rafael.id}, 30, ${createHash("sha256").update(token).digest("hex")}, now() + interval '30 minutes')`;
  try {
    const client = await (await browser.newContext({ locale: "pt-BR" })).newPage();
    await shootAll(client, "waitlist-offer", async (p) => {
      await p.goto(`/agendar/lista-de-espera/${token}`);
      await expect(p.getByRole("button", { name: "Quero este horário" })).toBeVisible();
    });
    await shootAll(client, "waitlist-join", async (p) => {
      await p.goto("/agendar/studio-bela-vista");
      await p.locator("label").filter({ hasText: "Barba com toalha quente" }).click();
      await p.getByRole("button", { name: "Continuar" }).click();
      await p.locator("label").filter({ hasText: "Rafael Souza" }).click();
      await p.getByRole("button", { name: "Continuar" }).click();
      while (!(await p.locator(`td[data-day="${date}"]`).isVisible())) await p.getByRole("button", { name: "Ir para o próximo mês" }).click();
      await p.locator(`td[data-day="${date}"] button`).click();
      await p.getByRole("button", { name: "Entrar na lista de espera" }).click();
      await expect(p.getByLabel("Seu pedido")).toBeVisible();
    });
    await login(page, OWNER);
    await shootAll(page, "waitlist-panel", async (p) => {
      await p.goto(`/appointments?dia=${date}`);
      await p.locator(`section[data-date="${date}"]`).getByTestId("day-waitlist").click();
      await expect(p.getByRole("dialog", { name: "Lista de espera" }).getByTestId("waitlist-entry").first()).toBeVisible();
    }, { viewportOnly: true });
  } finally {
    await sql()`delete from waitlist_entries where business_id = ${businessId} and dates @> ${`{${date}}`}::date[] and name in ('Marina Teixeira', 'Carlos Henrique Albuquerque')`;
    await sql()`delete from professional_time_off where business_id = ${businessId} and reason = 'Shots da lista de espera'`;
  }
});
