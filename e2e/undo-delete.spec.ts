import { randomUUID } from "node:crypto";
import { addDays } from "../lib/core/time/business-date";
import { expect, test, type Locator } from "./fixtures";
import { login, OWNER, sql } from "./support";

/**
 * 'Desfazer' in a delete's toast (issue 52, item 7): one appointment, and 'Este e os seguintes' of a
 * series; the cards come back where they were, the series kept. At 1280 and 390 px, each on its own
 * far-future Tuesdays.
 */
test.use({ reducedMotion: "reduce" });

/** Client `name` at 10:00 on each of `dates`, Escova with Juliana then Barba with Rafael 'em seguida', one series when `series`. */
async function book(name: string, dates: readonly string[], series: boolean) {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const id = async (table: "services" | "professionals", n: string) =>
    (await sql()<{ id: string }[]>`select id from ${sql()(table)} where business_id = ${b.id} and name = ${n}`)[0].id;
  const [escova, barba, juliana, rafael] = [await id("services", "Escova"), await id("services", "Barba"), await id("professionals", "Juliana Alves"), await id("professionals", "Rafael Souza")];
  await sql()`delete from appointments where business_id = ${b.id} and date = any(${dates}::date[])`;
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${b.id}, ${name}) returning id`;
  const seriesId = series ? randomUUID() : null;
  for (const date of dates) {
    const [a] = await sql()<{ id: string }[]>`
      insert into appointments (business_id, client_id, date, time, series_id, status_id) values (${b.id}, ${c.id}, ${date}, '10:00', ${seriesId}, 2) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id, position, after_previous)
      values (${a.id}, ${escova}, ${juliana}, ${b.id}, 0, false), (${a.id}, ${barba}, ${rafael}, ${b.id}, 1, true)`;
  }
  return async () => (await sql()<{ r: string }[]>`
    select a.date::text || ' ' || a.status_id || ' ' || coalesce(a.series_id::text, '-') || ' ' ||
           (select string_agg(s.position || ':' || s.after_previous, ',' order by s.position) from appointment_services s where s.appointment_id = a.id) as r
      from appointments a where a.client_id = ${c.id} order by a.date`).map((x) => x.r);
}

for (const [width, start] of [[1280, "2033-11-01"], [390, "2034-01-03"]] as const) {
  test(`a delete's 'Desfazer' brings the card back: one, and 'Este e os seguintes' of a series (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const single = `Desfazer ${randomUUID().slice(0, 6)}`;
    const serie = `Série desfeita ${randomUUID().slice(0, 6)}`;
    const dates = [0, 7, 14].map((n) => addDays(start, n));
    const singleRows = await book(single, [addDays(start, 1)], false);
    const seriesRows = await book(serie, dates, true);
    const singleBefore = await singleRows();
    const seriesBefore = await seriesRows();

    await page.setViewportSize({ width, height: 900 });
    await login(page, OWNER);
    const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
    const pressDesfazer = async (t: Locator) => {
      const button = t.getByRole("button", { name: "Desfazer" });
      await button.focus();
      await page.keyboard.press("Enter");
    };
    const cardOf = (name: string, d: string) => page.locator(`section[data-date="${d}"]`).getByTestId("appointment-card").filter({ hasText: name });

    // One appointment.
    await page.goto(`/appointments?dia=${addDays(start, 1)}`);
    const card = cardOf(single, addDays(start, 1));
    await card.getByRole("button", { name: single }).click();
    await card.getByRole("button", { name: `Excluir agendamento de ${single}` }).click();
    await page.getByRole("alertdialog", { name: "Confirmar exclusão" }).getByRole("button", { name: "Remover" }).click();
    await expect(card).toHaveCount(0);
    await expect.poll(singleRows).toEqual([]);
    // By keyboard: on a phone the toasts stack, and another's (an online booking's, from a parallel
    // test) may lie over this one's button.
    await pressDesfazer(toast("Agendamento deletado"));
    await expect(toast("Exclusão desfeita: 1 agendamento de volta à agenda")).toBeVisible();
    await expect(card).toBeVisible();
    expect(await singleRows()).toEqual(singleBefore);

    // 'Este e os seguintes' from the second of three: two deleted, two back.
    await page.getByLabel("Ir para o dia").fill(dates[1]);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    const second = cardOf(serie, dates[1]);
    await second.getByRole("button", { name: serie }).click();
    await second.getByRole("button", { name: `Excluir agendamento de ${serie}` }).click();
    const del = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await del.getByRole("radio", { name: "Este e os seguintes" }).check();
    await expect(del.getByTestId("series-following-count")).toHaveText("Serão removidos 2 agendamentos: este e os seguintes da série.");
    await del.getByRole("button", { name: "Remover" }).click();
    await expect(second).toHaveCount(0);
    await expect.poll(seriesRows).toEqual(seriesBefore.slice(0, 1));
    await pressDesfazer(toast("2 agendamentos deletados"));
    await expect(toast("Exclusão desfeita: 2 agendamentos de volta à agenda")).toBeVisible();
    await expect(second).toBeVisible();
    await expect(second.getByRole("button", { name: /Status: Confirmado/ })).toBeVisible();
    expect(await seriesRows()).toEqual(seriesBefore);
  });
}
