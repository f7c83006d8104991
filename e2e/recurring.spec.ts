import { randomUUID } from "node:crypto";
import { addDays } from "../lib/core/time/business-date";
import { expectAccessible } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { login, OWNER, sql } from "./support";

/**
 * 'Repetir' in Novo Agendamento (issue 36, part 1): every 2 weeks, 4 times, for a new client with
 * Rafael; the preview lists the 4 dates, the one where Rafael is already booked unticked and
 * disabled with its reason; 'Salvar 3 agendamentos' books the rest as one series, whose cards and
 * grid blocks carry the repeat icon. At 1280 and 390 px, each on its own far-future Tuesdays.
 */
async function studio() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}
async function idOf(table: "services" | "professionals", name: string) {
  const [r] = await sql()<{ id: string }[]>`select id from ${sql()(table)} where business_id = ${await studio()} and name = ${name}`;
  return r.id;
}
/** Rafael doing a Barba for another client at `time` on `date`, as another device would book it. */
async function rafaelBusy(date: string, time: string) {
  const businessId = await studio();
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${`Outro ${randomUUID().slice(0, 6)}`}) returning id`;
  const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time) values (${businessId}, ${c.id}, ${date}, ${time}) returning id`;
  await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
    values (${a.id}, ${await idOf("services", "Barba")}, ${await idOf("professionals", "Rafael Souza")}, ${businessId})`;
}
/** A series of a new client `name` at 10:00 on `dates` (Barba with Rafael), as another device would book it; its id. */
async function bookSeries(name: string, dates: readonly string[]) {
  const businessId = await studio();
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${name}) returning id`;
  const seriesId = randomUUID();
  for (const date of dates) {
    const [a] = await sql()<{ id: string }[]>`
      insert into appointments (business_id, client_id, date, time, series_id) values (${businessId}, ${c.id}, ${date}, '10:00', ${seriesId}) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
      values (${a.id}, ${await idOf("services", "Barba")}, ${await idOf("professionals", "Rafael Souza")}, ${businessId})`;
  }
  return seriesId;
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

// As in appointments.spec.ts: 'Ir para o dia' scrolls at once, so a menu opened next to a card is not
// carried off screen by a smooth scroll still under way.
test.use({ reducedMotion: "reduce" });

for (const [width, start] of [[1280, "2033-03-08"], [390, "2033-05-10"]] as const) {
  test(`'Repetir' every 2 weeks: the dates' preview, a taken one skipped, the series saved and marked (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Série ${randomUUID().slice(0, 6)}`;
    const dates = [0, 14, 28, 42].map((n) => addDays(start, n));
    await sql()`delete from appointments where business_id = ${await studio()} and date = any(${dates}::date[])`;
    await rafaelBusy(dates[1], "10:00");
    await page.setViewportSize({ width, height: 900 });
    await login(page, OWNER);
    await page.goto("/appointments");
    await page.getByLabel("Ir para o dia").fill(start);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    const day = page.locator(`section[data-date="${start}"]`);
    await day.getByRole("button", { name: /^Novo agendamento em/ }).click();

    const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByRole("radio", { name: "Criar novo" }).click();
    await dialog.getByLabel("Nome *").fill(name);
    await dialog.getByLabel("Horário *").fill("10:00");
    await dialog.getByRole("checkbox", { name: /^Barba\s*\d/ }).check();
    await dialog.getByLabel("Profissional").selectOption({ label: "Rafael Souza — disponível" });
    const repeat = dialog.getByRole("combobox", { name: "Repetir" });
    await expect(repeat.locator("option")).toHaveText(["Não repetir", "Toda semana", "A cada 2 semanas", "A cada 3 semanas", "A cada 4 semanas", "Todo mês no mesmo dia da semana"]);
    await repeat.selectOption({ label: "A cada 2 semanas" });
    await expect(dialog.getByRole("radio", { name: "Até" })).toBeVisible();
    await dialog.getByRole("radio", { name: "Vezes" }).click();
    await dialog.getByLabel(/^Número de vezes/).fill("4");
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, "Novo Agendamento — Repetir", '[role="dialog"]');
    await dialog.getByRole("button", { name: "Ver datas" }).click();

    const items = dialog.getByTestId("series-date");
    await expect(items).toHaveCount(4);
    await expect(items.nth(1)).toContainText("Conflito de agenda (Rafael Souza)");
    await expect(items.nth(1).getByRole("checkbox")).toBeDisabled();
    await expect(items.nth(1).getByRole("checkbox")).not.toBeChecked();
    for (const i of [0, 2, 3]) await expect(items.nth(i).getByRole("checkbox")).toBeChecked();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, "Novo Agendamento — datas da repetição", '[role="dialog"]');
    // Going back keeps what was typed.
    await dialog.getByRole("button", { name: "Voltar" }).click();
    await expect(dialog.getByLabel("Nome *")).toHaveValue(name);
    await dialog.getByRole("button", { name: "Ver datas" }).click();
    await expect(items).toHaveCount(4);
    await dialog.getByRole("button", { name: "Salvar 3 agendamentos" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Agendamentos criados" })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const rows = await sql()<{ date: string; series_id: string | null }[]>`
      select a.date::text as date, a.series_id from appointments a join clients c on c.id = a.client_id where c.name = ${name} order by a.date`;
    expect(rows.map((r) => r.date)).toEqual([dates[0], dates[2], dates[3]]);
    expect(new Set(rows.map((r) => r.series_id)).size).toBe(1);
    expect(rows[0].series_id).not.toBeNull();

    const cardOf = day.getByTestId("appointment-card").filter({ hasText: name });
    await expect(cardOf.getByRole("img", { name: "Agendamento recorrente" })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.goto(`/appointments/grade?dia=${start}`);
    // A phone shows one professional's column at a time.
    const block = page.getByTestId("grid-block").filter({ hasText: name });
    // (Chosen again until the column shows: a choice made before the page hydrates changes no state.)
    if (width === 390) {
      await expect(async () => {
        await page.getByLabel("Profissional", { exact: true }).selectOption({ label: "Rafael Souza" });
        await expect(block).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
    }
    await expect(block).toHaveAttribute("aria-label", /Agendamento recorrente$/);
    await expect(block.getByTestId("recurring-mark")).toBeVisible();

    // 'Cancelado' on the second saved date asks: 'Este e os seguintes' cancels it and the last, not the first.
    // Back to the cards (the agenda remembers the 'Grade' just shown).
    await page.goto("/appointments?vista=cartoes");
    await page.getByLabel("Ir para o dia").fill(dates[2]);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    const third = page.locator(`section[data-date="${dates[2]}"]`).getByTestId("appointment-card").filter({ hasText: name });
    await third.getByRole("button", { name: /Status: Pendente/ }).click();
    await expect(page.getByRole("menuitem", { name: "Cancelado: Somente este" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Cancelado: Este e os seguintes" }).click();
    const ask = page.getByRole("alertdialog", { name: "Cancelar este e os seguintes?" });
    await expect(ask.getByTestId("series-following-count")).toHaveText(/^Serão cancelados 2 agendamentos/);
    await ask.getByRole("button", { name: "Cancelar agendamentos" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "2 agendamentos cancelados" })).toBeVisible();
    await expect(third.getByRole("button", { name: /Status: Cancelado/ })).toBeVisible();
    const statuses = async () => (await sql()<{ date: string; status_id: number }[]>`
      select a.date::text as date, a.status_id from appointments a join clients c on c.id = a.client_id where c.name = ${name} order by a.date`).map((r) => `${r.date}:${r.status_id}`);
    expect(await statuses()).toEqual([`${dates[0]}:1`, `${dates[2]}:3`, `${dates[3]}:3`]);
    // The last one's card, on another day, follows by the live stream.
    await page.getByLabel("Ir para o dia").fill(dates[3]);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    const last = page.locator(`section[data-date="${dates[3]}"]`).getByTestId("appointment-card").filter({ hasText: name });
    await expect(last.getByRole("button", { name: /Status: Cancelado/ })).toBeVisible();

    // Deleting asks too: 'Este e os seguintes' from the second saved date removes it and the last.
    await last.getByRole("button", { name: new RegExp(name) }).click();
    await page.getByLabel("Ir para o dia").fill(dates[2]);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    await third.getByRole("button", { name: new RegExp(name) }).click();
    await third.getByRole("button", { name: `Excluir agendamento de ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("radio", { name: "Somente este" })).toBeChecked();
    await confirm.getByRole("radio", { name: "Este e os seguintes" }).check();
    await expect(confirm.getByTestId("series-following-count")).toHaveText("Serão removidos 2 agendamentos: este e os seguintes da série.");
    expect(await noSidewaysScroll(page)).toBe(true);
    await confirm.getByRole("button", { name: "Remover" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "2 agendamentos deletados" })).toBeVisible();
    await expect(third).toHaveCount(0);
    expect(await statuses()).toEqual([`${dates[0]}:1`]);
  });
}

for (const [width, start] of [[1280, "2034-03-07"], [390, "2034-05-09"]] as const) {
  test(`'Este e os seguintes' for a drag to another day and for a new time: each following occurrence moves with it (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const businessId = await studio();
    const name = `Série móvel ${randomUUID().slice(0, 6)}`;
    const dates = [0, 7, 14].map((n) => addDays(start, n));
    await sql()`delete from appointments where business_id = ${businessId} and date between ${start}::date and ${addDays(start, 15)}::date`;
    const seriesId = await bookSeries(name, dates);
    const rows = async () => (await sql()<{ date: string; time: string }[]>`
      select date::text as date, to_char(time, 'HH24:MI') as time from appointments where series_id = ${seriesId} order by date`).map((r) => `${r.date} ${r.time}`);

    await page.setViewportSize({ width, height: 900 });
    await login(page, OWNER);
    await page.goto("/appointments");
    const next = addDays(start, 1);
    for (const d of [next, start]) {
      await page.getByLabel("Ir para o dia").fill(d);
      await page.getByRole("button", { name: "Ir", exact: true }).click();
      await expect(page.locator(`section[data-date="${d}"]`)).toBeVisible();
    }
    const cardOn = (d: string) => page.locator(`section[data-date="${d}"]`).getByTestId("appointment-card").filter({ hasText: name });

    // Dragged (keyboard) to the next day: asked first, nothing moves before the answer.
    await cardOn(start).getByRole("button", { name: "Arrastar para mover para outro dia" }).focus();
    await page.keyboard.press("Space");
    await expect(cardOn(start)).toHaveClass(/opacity-40/);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press("ArrowDown");
    await expect(page.locator(`section[data-date="${next}"]`)).toHaveAttribute("data-drop-target", "");
    await page.keyboard.press("Space");
    const ask = page.getByRole("alertdialog", { name: "Mover agendamento recorrente" });
    await expect(ask.getByRole("radio", { name: "Somente este" })).toBeChecked();
    expect(await rows()).toEqual(dates.map((d) => `${d} 10:00`));
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, "Mover agendamento recorrente", '[role="alertdialog"]');
    await ask.getByRole("radio", { name: "Este e os seguintes" }).check();
    await ask.getByRole("button", { name: "Mover" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Data atualizada" })).toBeVisible();
    await expect.poll(rows).toEqual(dates.map((d) => `${addDays(d, 1)} 10:00`));
    await expect(cardOn(next)).toBeVisible();
    await expect(cardOn(start)).toHaveCount(0);

    // A new time for it and the following ones, from the card's own time edit.
    await cardOn(next).getByRole("button", { name: "Horário 10:00. Alterar horário" }).click();
    await cardOn(next).getByLabel("Novo horário").fill("15:00");
    await expect(cardOn(next).getByRole("radio", { name: "Somente este" })).toBeChecked();
    await cardOn(next).getByRole("radio", { name: "Este e os seguintes" }).check();
    expect(await noSidewaysScroll(page)).toBe(true);
    await cardOn(next).getByRole("button", { name: "Confirmar horário" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Horário atualizado" })).toBeVisible();
    await expect.poll(rows).toEqual(dates.map((d) => `${addDays(d, 1)} 15:00`));
    await expect(cardOn(next).getByRole("button", { name: "Horário 15:00. Alterar horário" })).toBeVisible();
  });

  test(`'Este e os seguintes' of a cancel and of a delete: asked first, with how many and a reason (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const businessId = await studio();
    const from = addDays(start, 28);
    const name = `Série fim ${randomUUID().slice(0, 6)}`;
    const dates = [0, 7, 14, 21].map((n) => addDays(from, n));
    await sql()`delete from appointments where business_id = ${businessId} and date between ${from}::date and ${addDays(from, 22)}::date`;
    const seriesId = await bookSeries(name, dates);
    const rows = async () => (await sql()<{ date: string; status_id: number }[]>`
      select date::text as date, status_id from appointments where series_id = ${seriesId} order by date`).map((r) => `${r.date}:${r.status_id}`);

    await page.setViewportSize({ width, height: 900 });
    await login(page, OWNER);
    await page.goto(`/appointments?dia=${dates[1]}`);
    const cardOn = (d: string) => page.locator(`section[data-date="${d}"]`).getByTestId("appointment-card").filter({ hasText: name });
    await expect(cardOn(dates[1])).toBeVisible();

    // Cancel from the second: the count (3), a reason, nothing changed before the answer.
    await cardOn(dates[1]).getByRole("button", { name: /Status: Pendente/ }).click();
    await page.getByRole("menuitem", { name: "Cancelado: Este e os seguintes" }).click();
    const ask = page.getByRole("alertdialog", { name: "Cancelar este e os seguintes?" });
    await expect(ask.getByTestId("series-following-count")).toHaveText("Serão cancelados 3 agendamentos: este e os seguintes da série que ainda não estão cancelados.");
    expect(await rows()).toEqual(dates.map((d) => `${d}:1`));
    expect(await noSidewaysScroll(page)).toBe(true);
    await ask.getByLabel("Motivo (opcional)").fill("Cliente mudou de cidade");
    await ask.getByRole("button", { name: "Cancelar agendamentos" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "3 agendamentos cancelados" })).toBeVisible();
    await expect.poll(rows).toEqual([`${dates[0]}:1`, ...dates.slice(1).map((d) => `${d}:3`)]);
    await expect(cardOn(dates[1]).getByRole("button", { name: /Status: Cancelado/ })).toBeVisible();
    const [audit] = await sql()<{ n: number }[]>`select count(*)::int as n from audit_logs where business_id = ${businessId} and description like ${`%"${name}"%Motivo: Cliente mudou de cidade`}`;
    expect(audit.n).toBe(3);

    // 'Desfazer' in the toast (issue 52, item 7): all three back; then cancelled again.
    await page.locator("[data-sonner-toast]").filter({ hasText: "3 agendamentos cancelados" }).getByRole("button", { name: "Desfazer" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Cancelamento desfeito: 3 agendamentos de volta à agenda" })).toBeVisible();
    await expect.poll(rows).toEqual(dates.map((d) => `${d}:1`));
    await expect(cardOn(dates[1]).getByRole("button", { name: /Status: Pendente/ })).toBeVisible();
    await cardOn(dates[1]).getByRole("button", { name: /Status: Pendente/ }).click();
    await page.getByRole("menuitem", { name: "Cancelado: Este e os seguintes" }).click();
    await ask.getByRole("button", { name: "Cancelar agendamentos" }).click();
    await expect.poll(rows).toEqual([`${dates[0]}:1`, ...dates.slice(1).map((d) => `${d}:3`)]);

    // Delete from the third: the count (2: it and the fourth), then the toast says so.
    await page.getByLabel("Ir para o dia").fill(dates[2]);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    await cardOn(dates[2]).getByRole("button", { name }).click();
    await cardOn(dates[2]).getByRole("button", { name: `Excluir agendamento de ${name}` }).click();
    const del = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await del.getByRole("radio", { name: "Este e os seguintes" }).check();
    await expect(del.getByTestId("series-following-count")).toHaveText("Serão removidos 2 agendamentos: este e os seguintes da série.");
    await del.getByRole("button", { name: "Remover" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "2 agendamentos deletados" })).toBeVisible();
    await expect.poll(rows).toEqual([`${dates[0]}:1`, `${dates[1]}:3`]);
    await expect(cardOn(dates[2])).toHaveCount(0);
  });
}
