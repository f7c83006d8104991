import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/**
 * 'Este e os seguintes' (issue 36, part 1): the question asked when a series' card is dropped on
 * another day, and the card's time edit of a series, at 1280 and 390 px, light and dark.
 */
const DAY = "2035-04-03";

async function series() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const [svc] = await sql()<{ id: string }[]>`select id from services where business_id = ${b.id} and name = 'Barba'`;
  const [pro] = await sql()<{ id: string }[]>`select id from professionals where business_id = ${b.id} and name = 'Rafael Souza'`;
  await sql()`delete from appointments where business_id = ${b.id} and date between ${DAY}::date and '2035-04-30'::date`;
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${b.id}, 'Cliente da Série') returning id`;
  const seriesId = randomUUID();
  for (const date of [DAY, "2035-04-10", "2035-04-17"]) {
    const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, series_id) values (${b.id}, ${c.id}, ${date}, '10:00', ${seriesId}) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${a.id}, ${svc.id}, ${pro.id}, ${b.id})`;
  }
}

async function openDays(p: Page) {
  await p.goto("/appointments?vista=cartoes");
  for (const d of ["2035-04-04", DAY]) {
    await p.getByLabel("Ir para o dia").fill(d);
    await p.getByRole("button", { name: "Ir", exact: true }).click();
    await expect(p.locator(`section[data-date="${d}"]`)).toBeVisible();
  }
  return p.locator(`section[data-date="${DAY}"]`).getByTestId("appointment-card").filter({ hasText: "Cliente da Série" });
}

test.use({ reducedMotion: "reduce" });

test("series: move question and time edit", async ({ page }) => {
  await series();
  await login(page, OWNER);
  await shootAll(page, "series-move-dialog", async (p) => {
    const card = await openDays(p);
    await card.getByRole("button", { name: "Arrastar para mover para outro dia" }).focus();
    await p.keyboard.press("Space");
    await expect(card).toHaveClass(/opacity-40/);
    await p.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await p.keyboard.press("ArrowDown");
    await expect(p.locator('section[data-date="2035-04-04"]')).toHaveAttribute("data-drop-target", "");
    await p.keyboard.press("Space");
    await expect(p.getByRole("alertdialog", { name: "Mover agendamento recorrente" })).toBeVisible();
  }, { viewportOnly: true });
  await shootAll(page, "series-time-edit", async (p) => {
    const card = await openDays(p);
    await card.getByRole("button", { name: "Horário 10:00. Alterar horário" }).click();
    await expect(card.getByRole("radio", { name: "Este e os seguintes" })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
});

test("series: cancel and delete of this and the following, asked first", async ({ page }) => {
  await series();
  await login(page, OWNER);
  await shootAll(page, "series-cancel-following", async (p) => {
    const card = await openDays(p);
    await card.getByRole("button", { name: /^Status: / }).click();
    await p.getByRole("menuitem", { name: "Cancelado: Este e os seguintes" }).click();
    await expect(p.getByTestId("series-following-count")).toHaveText(/Serão cancelados 3 agendamentos/);
  }, { viewportOnly: true });
  await shootAll(page, "series-delete-following", async (p) => {
    const card = await openDays(p);
    await card.getByRole("button", { name: "Cliente da Série" }).click();
    await card.getByRole("button", { name: "Excluir agendamento de Cliente da Série" }).click();
    await p.getByRole("radio", { name: "Este e os seguintes" }).check();
    await expect(p.getByTestId("series-following-count")).toHaveText(/Serão removidos 3 agendamentos/);
  }, { viewportOnly: true });
});
