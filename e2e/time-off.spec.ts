import { formatDate } from "../lib/core/format/date";
import { chooseUpTo, openWeekday } from "./booking-steps";
import { expect, test } from "./fixtures";
import { login, OWNER, sql } from "./support";

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
    await page.goto("/professionals");
    await page.getByRole("button", { name: "Folgas e férias de Rafael Souza" }).click();
    const dialog = page.getByRole("dialog", { name: "Folgas e férias de Rafael Souza" });
    await expect(dialog.getByText("Nenhuma folga marcada.").or(dialog.getByTestId("time-off").first())).toBeVisible();
    await dialog.getByLabel("Início *").fill(date);
    await dialog.getByLabel("Fim *").fill(date);
    await dialog.getByRole("switch", { name: "Dia inteiro" }).click();
    await dialog.getByLabel("Das (primeiro dia)").fill("09:00");
    await dialog.getByLabel("Até (último dia)").fill("12:00");
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
