import { randomUUID } from "node:crypto";
import { formatDate } from "../lib/core/format/date";
import { chooseUpTo, openWeekday } from "./booking-steps";
import { expect, test, type Page } from "./fixtures";
import { login, OWNER, sql } from "./support";

/** Rafael's 'Folgas e férias' on Profissionais, filled for `date` from `from` to `until` (not yet added). */
async function fillTimeOff(page: Page, date: string, from: string, until: string) {
  await page.goto("/professionals");
  await page.getByRole("button", { name: "Folgas e férias de Rafael Souza" }).click();
  const dialog = page.getByRole("dialog", { name: "Folgas e férias de Rafael Souza" });
  await expect(dialog.getByText("Nenhuma folga marcada.").or(dialog.getByTestId("time-off").first())).toBeVisible();
  await dialog.getByLabel("Início *").fill(date);
  await dialog.getByLabel("Fim *").fill(date);
  await dialog.getByRole("switch", { name: "Dia inteiro" }).click();
  await dialog.getByLabel("Das (primeiro dia)").fill(from);
  await dialog.getByLabel("Até (último dia)").fill(until);
  return dialog;
}

/**
 * 'Folgas e férias' on Profissionais: a morning off for Rafael, added through the dialog, takes those
 * times off the public booking page; removed, they come back. At 1280 and 390 px.
 */
for (const width of [1280, 390]) {
  test(`time off blocks the public page's times, and its removal frees them (${width} px)`, async ({ page, browser }) => {
    // Past the other specs' days and the seed's appointments: nothing booked to confirm over.
    const date = await openWeekday(width === 1280 ? 25 : 26);
    await page.setViewportSize({ width, height: 900 });
    await login(page, OWNER);
    const dialog = await fillTimeOff(page, date, "09:00", "12:00");
    await dialog.getByLabel("Motivo").fill("Curso");
    await dialog.getByRole("button", { name: "Adicionar folga" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Folga adicionada" })).toBeVisible();
    const item = dialog.getByTestId("time-off").filter({ hasText: `${formatDate(date)}, 09:00 às 12:00` });
    await expect(item).toContainText("Curso");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    const client = await (await browser.newContext({ viewport: { width, height: 900 }, locale: "pt-BR", timezoneId: "America/Cuiaba" })).newPage();
    const times = await chooseUpTo(client, date);
    for (const t of ["09:00", "10:00", "11:30"]) expect(times).not.toContain(t);
    expect(times).toContain("14:00");
    // (Rafael works mornings: the check below finds 10:00 free again once the time off is gone.)

    await item.getByRole("button", { name: `Excluir folga ${formatDate(date)}, 09:00 às 12:00` }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Folga excluída" })).toBeVisible();
    await expect(item).toHaveCount(0);
    expect(await sql()`select 1 from professional_time_off where start_date = ${date}`).toHaveLength(0);
    // The free times are cached for 5 s (SLOTS_CACHE_CONTROL): asked again until they are fresh.
    await expect(async () => expect(await chooseUpTo(client, date)).toContain("10:00")).toPass({ timeout: 30_000 });
    await client.context().close();
  });
}

/**
 * Issue 52, item 9: a time off saved over a booking. The confirmation's list links to its day; the
 * booking is 'Em folga' on its card and on the grid until moved. At 1280 and 390 px.
 */
for (const width of [1280, 390]) {
  test(`a booking under a saved time off is 'Em folga' on the card and the grid; the warning links to it (${width} px)`, async ({ page }) => {
    const date = await openWeekday(width === 1280 ? 41 : 42);
    const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
    const name = `Folga ${randomUUID().slice(0, 6)}`;
    const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${b.id}, ${name}) returning id`;
    const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${b.id}, ${c.id}, ${date}, '15:00', 2) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
      select ${a.id}, s.id, p.id, ${b.id} from services s, professionals p
       where s.business_id = ${b.id} and s.name = 'Corte masculino' and p.business_id = ${b.id} and p.name = 'Rafael Souza'`;
    try {
      await page.setViewportSize({ width, height: 900 });
      await login(page, OWNER);
      const dialog = await fillTimeOff(page, date, "14:00", "18:00");
      await dialog.getByRole("button", { name: "Adicionar folga" }).click();
      const link = dialog.getByTestId("affected-appointments").getByRole("link", { name: `${name} — ${formatDate(date)} às 15:00` });
      await expect(link).toHaveAttribute("href", `/appointments?dia=${date}`);
      await dialog.getByRole("button", { name: "Adicionar mesmo assim" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Folga adicionada" })).toBeVisible();

      await page.goto(`/appointments?dia=${date}`);
      const card = page.getByTestId("appointment-card").filter({ hasText: name });
      await expect(card.getByTestId("time-off-mark")).toHaveText("Em folga");
      await expect(card.getByTestId("time-off-mark")).toHaveAttribute("title", /^Rafael Souza está de folga neste horário\./);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

      await page.goto(`/appointments/grade?dia=${date}`);
      if (width < 768) {
        await expect(async () => {
          await page.getByLabel("Profissional", { exact: true }).selectOption({ label: "Rafael Souza" });
          await expect(page.getByTestId("grid-column").filter({ visible: true })).toHaveAttribute("data-professional", "Rafael Souza", { timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
      }
      const block = page.getByTestId("grid-block").filter({ hasText: name });
      await expect(block.getByTestId("time-off-mark")).toContainText("Em folga");
      await expect(block).toHaveAttribute("aria-label", /, Em folga$/);
    } finally {
      await sql()`delete from appointments where id = ${a.id}`;
      await sql()`delete from professional_time_off where start_date = ${date} and start_time = '14:00'`;
    }
  });
}
