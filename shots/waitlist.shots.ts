import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { openWeekdayBeforeOpenDay, studioId } from "../e2e/booking-steps";
import { login, OWNER, sql } from "../e2e/support";
import { addDays } from "../lib/core/time/business-date";
import { shootAll } from "./shoot";

/** The waitlist: the public form from a full day, an offer's link page, the agenda's day panel (npm run shots). */
test("waitlist", async ({ page, browser }) => {
  const businessId = await studioId();
  const date = await openWeekdayBeforeOpenDay(26);
  const [rafael] = await sql()<{ id: string }[]>`select id from professionals where business_id = ${businessId} and name = 'Rafael Souza'`;
  const [barba] = await sql()<{ id: string }[]>`select id from services where business_id = ${businessId} and name = 'Barba'`;
  // Rafael's day full (away but 10:00–10:30, booked then); the next day away all day (no waitlist).
  const off = addDays(date, 1);
  await sql()`insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time, reason)
              values (${businessId}, ${rafael.id}, ${date}, ${date}, '00:00', '10:00', 'Shots da lista de espera'),
                     (${businessId}, ${rafael.id}, ${date}, ${date}, '10:30', '23:59', 'Shots da lista de espera')`;
  await sql()`insert into professional_time_off (business_id, professional_id, start_date, end_date, reason)
              values (${businessId}, ${rafael.id}, ${off}, ${off}, 'Shots da lista de espera')`;
  const [marina] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone) values (${businessId}, 'Marina Teixeira', '(65) 99123-4567') returning id`;
  const [booked] = await sql()<{ id: string }[]>`
    insert into appointments (business_id, client_id, date, time, status_id, source) values (${businessId}, ${marina.id}, ${date}, '10:00', 1, 'online') returning id`;
  await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${booked.id}, ${barba.id}, ${rafael.id}, ${businessId})`;
  const [entry] = await sql()<{ id: string }[]>`
    insert into waitlist_entries (business_id, name, phone, email, service_ids, professional_id, dates, time_from, time_until, source, status)
    values (${businessId}, 'Marina Teixeira', '(65) 99123-4567', 'marina@exemplo.com', ${`{${barba.id}}`}::uuid[], ${rafael.id}, ${`{${date}}`}::date[], '09:00', '12:00', 'online', 'oferecido')
    returning id`;
  await sql()`
    insert into waitlist_entries (business_id, name, phone, service_ids, dates, time_from, time_until, source)
    values (${businessId}, 'Carlos Henrique Albuquerque', '(65) 98765-4321', ${`{${barba.id}}`}::uuid[], ${`{${date}}`}::date[], '14:00', '18:00', 'staff')`;
  const token = `shot-${Date.now()}`.padEnd(43, "x");
  const claimed = `shot-mine-${Date.now()}`.padEnd(43, "x");
  const hash = (t: string) => createHash("sha256").update(t).digest("hex");
  await sql()`insert into waitlist_offers (business_id, entry_id, date, time, professional_id, minutes, token_hash, expires_at, status, appointment_id)
              values (${businessId}, ${entry.id}, ${date}, '10:00', ${rafael.id}, 30, ${hash(claimed)}, now() - interval '1 day', 'claimed', ${booked.id})`;
  await sql()`insert into waitlist_offers (business_id, entry_id, date, time, professional_id, minutes, token_hash, expires_at)
              values (${businessId}, ${entry.id}, ${date}, '11:00', ${rafael.id}, 30, ${hash(token)}, now() + interval '30 minutes')`;
  try {
    const client = await (await browser.newContext({ locale: "pt-BR" })).newPage();
    await shootAll(client, "waitlist-offer", async (p) => {
      await p.goto(`/agendar/lista-de-espera/${token}`);
      await expect(p.getByRole("button", { name: "Quero este horário" })).toBeVisible();
    });
    // Opened again after the claim (any device): the slot is hers.
    await shootAll(client, "waitlist-offer-mine", async (p) => {
      await p.goto(`/agendar/lista-de-espera/${claimed}`);
      await expect(p.getByText("Seu horário", { exact: true })).toBeVisible();
    });
    const toDay = async (p: typeof client, d: string) => {
      await p.goto("/agendar/studio-bela-vista");
      await p.locator("label").filter({ hasText: "Barba com toalha quente" }).click();
      await p.getByRole("button", { name: "Continuar" }).click();
      await p.locator("label").filter({ hasText: "Rafael Souza" }).click();
      await p.getByRole("button", { name: "Continuar" }).click();
      while (!(await p.locator(`td[data-day="${d}"]`).isVisible())) await p.getByRole("button", { name: "Ir para o próximo mês" }).click();
      await p.locator(`td[data-day="${d}"] button`).click();
    };
    await shootAll(client, "waitlist-day-off", async (p) => {
      await toDay(p, off);
      await expect(p.getByText("Rafael Souza não atende neste dia. Escolha outro dia.")).toBeVisible();
    });
    await shootAll(client, "waitlist-join", async (p) => {
      await toDay(p, date);
      await p.getByRole("button", { name: "Entrar na lista de espera" }).click();
      await expect(p.getByLabel("Seu pedido")).toBeVisible();
      await expect(p.getByRole("button", { name: /sem atendimento/ })).toBeDisabled();
    });
    await shootAll(client, "waitlist-join-still-free", async (p) => {
      await toDay(p, date);
      await p.getByRole("button", { name: "Entrar na lista de espera" }).click();
      await p.getByRole("group", { name: "Dias" }).getByRole("button", { disabled: false }).nth(1).click();
      await expect(p.getByTestId("waitlist-still-free")).toBeVisible();
      await p.getByTestId("waitlist-still-free").scrollIntoViewIfNeeded();
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
    await sql()`delete from appointments where id = ${booked.id}`;
    await sql()`delete from clients where id = ${marina.id}`;
  }
});
