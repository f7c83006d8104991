import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, createBusiness, login, OWNER, sql } from "../e2e/support";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { shootAll, SHOTS_DIR } from "./shoot";

/**
 * Like shootAll, but of the screen as seen (a dialog sits where the page was scrolled to, which a
 * full-page shot from the top misses); and it says when anything scrolls sideways.
 */
async function shootScreen(page: Page, name: string, prepare: (page: Page) => Promise<void>) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await prepare(page);
      await page.waitForTimeout(400);
      const sideways = await page.evaluate(() =>
        [document.documentElement, ...document.querySelectorAll<HTMLElement>("[role=dialog], [role=alertdialog], [data-testid=affected-appointments]")]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()}${el.getAttribute("role") ? `[role=${el.getAttribute("role")}]` : ""} ${el.scrollWidth}>${el.clientWidth}`),
      );
      if (sideways.length) console.log(`${name} ${width} ${scheme}: scrolls sideways: ${sideways.join(", ")}`);
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}-${scheme}.png` });
    }
  }
}

/** Issue 32's screens: Novo Agendamento with 'Encaixe fora do horário', the cards' marks, the confirmation lists. */
test("hours rule", async ({ page }) => {
  const sunday = "2032-03-21";
  await login(page, OWNER);
  await shootScreen(page, "hours-new-appointment", async (p) => {
    await p.goto("/appointments");
    await p.getByLabel("Ir para o dia").fill(sunday);
    await p.getByRole("button", { name: "Ir", exact: true }).click();
    await p.locator(`section[data-date="${sunday}"]`).getByRole("button", { name: /^Novo agendamento em/ }).click();
    const dialog = p.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByLabel("Horário *").fill("10:00");
    await dialog.getByRole("checkbox", { name: /Corte feminino/ }).check();
    await expect(dialog.getByTestId("hours-warning")).toBeVisible();
    await dialog.getByRole("checkbox", { name: "Encaixe fora do horário" }).check();
  });

  // A salon of its own with a holiday over bookings: the agenda's day and cards, then the confirmation lists.
  const owner = await createAccount();
  const businessId = await createBusiness({ name: "Salão das Fotos", ownerId: owner.id });
  const [service] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, 'Escova', 30) returning id`;
  let date = addDays(todayInBusiness(), 1);
  while (nationalHolidayOn(date)) date = addDays(date, 1);
  for (const [i, time] of ["10:30", "11:30", "12:30", "13:30", "14:30", "15:30", "16:30"].entries()) {
    const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${`Cliente com um nome bem comprido ${i + 1}`}) returning id`;
    const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, outside_hours) values (${businessId}, ${c.id}, ${date}, ${time}, ${i === 6}) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, business_id) values (${a.id}, ${service.id}, ${businessId})`;
  }
  await sql()`insert into business_hours (business_id, day_of_week, is_open, open_time, close_time)
    select ${businessId}, d, true, '08:00', '19:00' from generate_series(0, 6) d`;
  await page.context().clearCookies();
  await login(page, owner.email);

  await shootScreen(page, "hours-holiday-confirm", async (p) => {
    await p.goto("/business-hours");
    await p.getByRole("button", { name: "Adicionar feriado" }).click();
    const dialog = p.getByRole("dialog", { name: "Adicionar feriado" });
    await dialog.getByLabel("Nome do feriado *").fill("Aniversário do salão");
    await dialog.getByLabel("Data *").click();
    const [y, m, d] = date.split("-").map(Number);
    const months = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
    await expect(p.getByRole("dialog", { name: "Calendário" }).getByRole("grid")).toBeVisible();
    const day = p.getByRole("button", { name: new RegExp(`, ${d} de ${months[m - 1]} de ${y}`) });
    if (!(await day.isVisible())) await p.getByRole("button", { name: "Ir para o próximo mês" }).click();
    await day.click();
    await dialog.getByRole("switch", { name: "Abre neste dia" }).click();
    await dialog.getByLabel("Abertura").fill("09:00");
    await dialog.getByLabel("Fechamento").fill("12:00");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog.getByTestId("affected-appointments")).toBeVisible();
  });

  await shootScreen(page, "hours-week-confirm", async (p) => {
    await p.goto("/business-hours");
    for (const day of ["Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"]) {
      await p.getByLabel(`Fechamento de ${day}`).fill("11:00");
    }
    await p.getByRole("button", { name: "Salvar horários" }).click();
    await expect(p.getByTestId("affected-appointments")).toBeVisible();
    await p.getByTestId("affected-appointments").scrollIntoViewIfNeeded();
  });

  // The holiday saved: the agenda's day shows it and marks the cards it leaves outside.
  await sql()`insert into business_holidays (business_id, holiday_name, holiday_date, is_working, open_time, close_time)
    values (${businessId}, 'Aniversário do salão', ${date}, true, '09:00', '12:00') on conflict do nothing`;
  await shootAll(page, "hours-agenda-marks", async (p) => {
    await p.goto("/appointments");
    await p.locator(`section[data-date="${date}"]`).scrollIntoViewIfNeeded();
    await expect(p.locator(`section[data-date="${date}"]`).getByTestId("hours-mark").first()).toBeVisible();
  });
  await shootScreen(page, "hours-agenda-day", async (p) => {
    await p.goto("/appointments");
    await p.locator(`section[data-date="${date}"]`).scrollIntoViewIfNeeded();
    await expect(p.locator(`section[data-date="${date}"]`).getByTestId("hours-mark").first()).toBeVisible();
    await p.locator(`section[data-date="${date}"]`).evaluate((el) => el.scrollIntoView({ block: "start" }));
  });
  // The inline time edit with its box, on a card of that day.
  await shootScreen(page, "hours-time-edit", async (p) => {
    await p.goto("/appointments");
    const day = p.locator(`section[data-date="${date}"]`);
    await day.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await day.getByRole("button", { name: /^Horário 12:30/ }).click();
    await expect(day.getByRole("checkbox", { name: "Encaixe fora do horário" })).toBeVisible();
  });
});
