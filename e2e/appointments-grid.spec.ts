import { randomUUID } from "node:crypto";
import { column, openWeekday, showColumn } from "./booking-steps";
import { expect, test, type Locator, type Page } from "./fixtures";
import { GRID } from "../lib/appointments/rules/grid";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { createAccount, expectSpriteIconsDrawn, login, OWNER, renderedText, sql } from "./support";

/**
 * The agenda's 'Grade' (issue 35): the toggle, a booking from an empty stretch of a professional's
 * column (professional and time filled in), a block dragged to another professional and time, a
 * refused drop snapping back; at 1280 and 390 px. Issue 52: a block opens its appointment in a
 * panel (click, tap, Enter; a drag does not), and a booking from a column stays in it.
 */
async function studio() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}


async function openTime(date: string) {
  const [open] = await sql()<{ t: string }[]>`select to_char(open_time, 'HH24:MI') as t from business_hours where business_id = ${await studio()} and day_of_week = extract(dow from ${date}::date)`;
  return open.t;
}

/** Where `time` sits in a column's body (its rows start at the day's opening). */
async function pointAt(page: Page, name: string, time: string, open: string) {
  const body = column(page, name).getByTestId("grid-body");
  await body.scrollIntoViewIfNeeded();
  const box = (await body.boundingBox())!;
  const hour = await body.evaluate((el) => parseFloat(getComputedStyle(el.closest("[data-testid=appointments-grid]")!).getPropertyValue("--hour-height")));
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return { x: box.x + box.width / 2, y: box.y + ((minutes(time) - minutes(open)) / 60) * hour + 4 };
}

/** Drags `block` by the pointer onto `target` (a point from pointAt), past dnd-kit's start distance. */
async function dragTo(page: Page, block: Locator, target: { x: number; y: number }) {
  const from = (await block.boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + 4);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 20, { steps: 4 });
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.up();
}

test.describe("Grade", () => {
  test.use({ reducedMotion: "reduce" });

  test("the toggle is remembered; a click on Juliana's empty 10:00 opens Novo Agendamento with her and the time; the booking shows in her column", async ({ page }) => {
    const date = await openWeekday(27);
    const name = `Grade ${randomUUID().slice(0, 6)}`;
    await sql()`insert into clients (business_id, name, phone) values (${await studio()}, ${name}, '65 99111-2233')`;
    await login(page, OWNER);
    // The cards show the 'Grade' link; nothing fetched for it ahead may count as choosing it.
    await page.goto("/appointments?vista=cartoes");
    await expect(page.getByTestId("month-total")).toBeVisible();
    await page.getByRole("link", { name: "Grade" }).hover();
    await page.waitForLoadState("networkidle");
    await page.goto("/appointments");
    await expect(page.getByTestId("month-total")).toBeVisible();
    // The grid's day navigation: today may be closed (a Sunday), which draws no timeline.
    const gridDay = page.getByRole("navigation", { name: "Navegação por dia" });
    await page.getByRole("link", { name: "Grade" }).click();
    await expect(gridDay).toBeVisible();
    await page.goto("/appointments");
    await expect(gridDay).toBeVisible();
    await page.goto(`/appointments/grade?dia=${date}`);
    await expect(column(page, "Juliana Alves")).toBeVisible();
    const [open] = await sql()<{ t: string }[]>`select to_char(open_time, 'HH24:MI') as t from business_hours where business_id = ${await studio()} and day_of_week = extract(dow from ${date}::date)`;
    const at = await pointAt(page, "Juliana Alves", "10:00", open.t);
    await page.mouse.click(at.x, at.y);
    const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
    await expect(dialog.getByLabel("Horário *")).toHaveValue("10:00");
    // A walk-in types the name at once: the box has the focus, its list waits for a key.
    await expect(dialog.getByLabel("Cliente *")).toBeFocused();
    await expect(page.getByRole("listbox", { name: "Clientes" })).toHaveCount(0);
    await page.keyboard.type(name);
    await page.getByRole("option", { name: new RegExp(name) }).click();
    await dialog.getByRole("checkbox", { name: /^Escova/ }).check();
    await expect(dialog.locator("select").first()).toHaveValue(/.+/);
    await expect(dialog.locator("select").first().locator("option:checked")).toContainText("Juliana Alves");
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await expect(column(page, "Juliana Alves").getByTestId("grid-block").filter({ hasText: name })).toBeVisible();
    await page.getByRole("link", { name: "Cartões" }).click();
    await expect(page.getByTestId("month-total")).toBeVisible();
    await page.goto("/appointments");
    await expect(page.getByTestId("month-total")).toBeVisible();
  });

  test("a block dragged to Rafael at 15:00 moves there; dropped on a busy time it snaps back with the reason", async ({ page }) => {
    const date = await openWeekday(28);
    const businessId = await studio();
    const name = `Arrasto ${randomUUID().slice(0, 6)}`;
    const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${name}) returning id`;
    // 11:00, not the first test's 10:00 with Juliana: around a holiday both offsets can give the same day
    // (on 2026-11-28, Christmas made 27 and 28 days ahead both 2026-12-29).
    const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${date}, '11:00', 2) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
      select ${a.id}, s.id, p.id, ${businessId} from services s, professionals p
       where s.business_id = ${businessId} and s.name = 'Corte feminino' and p.business_id = ${businessId} and p.name = 'Juliana Alves'`;
    await login(page, OWNER);
    await page.goto(`/appointments/grade?dia=${date}`);
    const [open] = await sql()<{ t: string }[]>`select to_char(open_time, 'HH24:MI') as t from business_hours where business_id = ${businessId} and day_of_week = extract(dow from ${date}::date)`;
    const block = column(page, "Juliana Alves").getByTestId("grid-block").filter({ hasText: name });
    await expect(block).toBeVisible();
    // The target first: finding it may scroll the page, and the block's box is read after.
    await dragTo(page, block, await pointAt(page, "Rafael Souza", "15:00", open.t));
    await expect(column(page, "Rafael Souza").getByTestId("grid-block").filter({ hasText: name })).toBeVisible();
    const where = async () => (await sql()`select a.time::text as t, p.name from appointments a join appointment_services s on s.appointment_id = a.id join professionals p on p.id = s.professional_id where a.id = ${a.id}`)[0];
    await expect.poll(where).toEqual({ t: "15:00:00", name: "Rafael Souza" });

    // Onto Juliana's lunch break: refused with the reason, and the block stays with Rafael.
    const moved = column(page, "Rafael Souza").getByTestId("grid-block").filter({ hasText: name });
    await dragTo(page, moved, await pointAt(page, "Juliana Alves", "12:15", open.t));
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Conflito de agenda" })).toContainText("Juliana Alves");
    await expect(moved).toBeVisible();
    expect(await where()).toEqual({ t: "15:00:00", name: "Rafael Souza" });
  });

  for (const size of [{ name: "1280", width: 1280, height: 800 }, { name: "390", width: 390, height: 844 }]) {
    test(`${size.name} px: the day's 'Lista de espera' is on the grid too; 'Agendar' books the entry in its professional's column and marks it booked`, async ({ page }) => {
      const date = await openWeekday(size.width === 390 ? 31 : 30);
      const businessId = await studio();
      const name = `Espera Grade ${randomUUID().slice(0, 6)}`;
      // A phone of this run only: a client left with it would be offered as a duplicate instead.
      const phone = `65 9${String(Date.now()).slice(-8)}`;
      await sql()`
        insert into waitlist_entries (business_id, name, phone, service_ids, professional_id, dates, time_from, time_until, source)
        select ${businessId}, ${name}, ${phone}, array[s.id], p.id, array[${date}::date], '16:00', '18:00', 'staff'
          from services s, professionals p
         where s.business_id = ${businessId} and s.name = 'Escova' and p.business_id = ${businessId} and p.name = 'Juliana Alves'`;
      try {
        await page.setViewportSize({ width: size.width, height: size.height });
        await login(page, OWNER);
        // The count comes in the page's HTML, not from a read after it loads.
        expect(await renderedText(page, `/appointments/grade?dia=${date}`)).toContain("Lista de espera (1)");
        await page.goto(`/appointments/grade?dia=${date}`);
        const button = page.getByTestId("day-waitlist");
        await expect(button).toHaveText(/Lista de espera \(1\)/);
        await expectSpriteIconsDrawn(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
        await button.click();
        const panel = page.getByRole("dialog", { name: "Lista de espera" });
        const entry = panel.getByTestId("waitlist-entry").filter({ hasText: name });
        await expect(entry).toContainText("Juliana Alves");
        await entry.getByRole("button", { name: "Agendar" }).click();

        const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
        await expect(dialog.getByLabel("Nome *")).toHaveValue(name);
        await expect(dialog.getByLabel("Horário *")).toHaveValue("16:00");
        await expect(dialog.getByRole("checkbox", { name: /^Escova/ })).toBeChecked();
        await expect(dialog.locator("select").first().locator("option:checked")).toContainText("Juliana Alves");
        await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
        await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Agendamento criado" })).toBeVisible();
        await expect(button).toHaveText(/Lista de espera \(0\)/);
        if (size.width === 390) await showColumn(page, "Juliana Alves");
        await expect(column(page, "Juliana Alves").getByTestId("grid-block").filter({ hasText: name })).toBeVisible();
        await expect.poll(async () => (await sql()`select status from waitlist_entries where name = ${name}`)[0].status).toBe("agendado");
      } finally {
        await sql()`delete from appointments where business_id = ${businessId} and client_id in (select id from clients where name = ${name})`;
        await sql()`delete from waitlist_entries where business_id = ${businessId} and name = ${name}`;
        await sql()`delete from clients where business_id = ${businessId} and name = ${name}`;
      }
    });
  }

  test("on a phone (390 px): one professional at a time, a switcher, and a click books with the one shown", async ({ page }) => {
    const date = await openWeekday(27);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, OWNER);
    await page.goto(`/appointments/grade?dia=${date}`);
    await expect(page.getByTestId("grid-column").filter({ visible: true })).toHaveCount(1);
    await showColumn(page, "Rafael Souza");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const [open] = await sql()<{ t: string }[]>`select to_char(open_time, 'HH24:MI') as t from business_hours where business_id = ${await studio()} and day_of_week = extract(dow from ${date}::date)`;
    const at = await pointAt(page, "Rafael Souza", "14:00", open.t);
    await page.mouse.click(at.x, at.y);
    const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
    await expect(dialog.getByLabel("Horário *")).toHaveValue("14:00");
    await dialog.getByRole("checkbox", { name: /^Barba/ }).check();
    await expect(dialog.locator("select").first().locator("option:checked")).toContainText("Rafael Souza");
  });

  test("a chain's day: the server draws the first columns' blocks, the rest come once the page runs; all of them show", async ({ page }) => {
    const owner = await createAccount({ business: true });
    const [{ business_id: businessId }] = await sql()<{ business_id: string }[]>`select business_id from user_business_roles where user_id = ${owner.id}`;
    await sql()`insert into business_hours (business_id, day_of_week, is_open, open_time, close_time)
      select ${businessId}, d, true, '08:00', '18:00' from generate_series(0, 6) d`;
    let date = addDays(todayInBusiness(), 2);
    while (nationalHolidayOn(date)) date = addDays(date, 1);
    const count = GRID.serverDrawnColumns + 2;
    const pros = await sql()<{ id: string; name: string }[]>`
      insert into professionals (business_id, name) select ${businessId}, 'Prof ' || lpad(i::text, 2, '0') from generate_series(1, ${count}) i returning id, name`;
    for (const p of pros) {
      const n = p.name.slice(5);
      const [client] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${`Cliente C${n}`}) returning id`;
      const [service] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, ${`Serviço ${n}`}, 30) returning id`;
      await sql()`insert into professional_services (professional_id, service_id, business_id, price) values (${p.id}, ${service.id}, ${businessId}, 50)`;
      const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time) values (${businessId}, ${client.id}, ${date}, '10:00') returning id`;
      await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${a.id}, ${service.id}, ${p.id}, ${businessId})`;
    }
    await login(page, owner.email);
    const html = await renderedText(page, `/appointments/grade?dia=${date}`);
    for (let i = 1; i <= count; i++) {
      const client = `Cliente C${String(i).padStart(2, "0")}`;
      if (i <= GRID.serverDrawnColumns) expect(html, client).toContain(client);
      else expect(html, client).not.toContain(client);
    }
    expect(html).toContain("Carregando…");
    await page.goto(`/appointments/grade?dia=${date}`);
    await expect(page.getByTestId("grid-column")).toHaveCount(count);
    await expect(page.getByTestId("grid-block")).toHaveCount(count);
    await expect(page.getByText("Carregando…")).toHaveCount(0);
    await expect(column(page, `Prof ${count}`).getByTestId("grid-block")).toContainText(`Cliente C${count}`);
  });

  for (const size of [{ name: "1280", width: 1280, height: 800, touch: false }, { name: "390", width: 390, height: 844, touch: true }]) {
    test.describe(`${size.name} px`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch });

      test("a block opens its appointment in a panel: status 'Confirmado' from it shows on the block; Esc gives the focus back, Enter opens; a drag moves it and opens nothing", async ({ page }) => {
        const date = await openWeekday(size.touch ? 36 : 35);
        const businessId = await studio();
        const name = `Painel ${randomUUID().slice(0, 6)}`;
        const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone) values (${businessId}, ${name}, '65 99333-4455') returning id`;
        const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${date}, '09:00', 1) returning id`;
        await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
          select ${a.id}, s.id, p.id, ${businessId} from services s, professionals p
           where s.business_id = ${businessId} and s.name = 'Corte feminino' and p.business_id = ${businessId} and p.name = 'Juliana Alves'`;
        try {
          await login(page, OWNER);
          await page.goto(`/appointments/grade?dia=${date}`);
          if (size.touch) await showColumn(page, "Juliana Alves");
          const block = column(page, "Juliana Alves").getByTestId("grid-block").filter({ hasText: name });
          await expect(block).toHaveAttribute("aria-label", /Pendente$/);
          const panel = page.getByRole("dialog", { name });

          // Dragged down to 14:00: it moves, and no panel opens.
          const target = await pointAt(page, "Juliana Alves", "14:00", await openTime(date));
          const from = (await block.boundingBox())!;
          const top = await pointAt(page, "Juliana Alves", "09:00", await openTime(date));
          await page.mouse.move(from.x + 10, top.y);
          await page.mouse.down();
          await page.mouse.move(from.x + 10, top.y + 20, { steps: 4 });
          await page.mouse.move(from.x + 10, target.y, { steps: 12 });
          await page.mouse.up();
          await expect(block).toHaveAttribute("aria-label", /^14:00–/);
          await expect.poll(async () => (await sql()`select time::text as t from appointments where id = ${a.id}`)[0].t).toBe("14:00:00");
          await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Horário atualizado" })).toBeVisible();
          await expect(page.getByRole("dialog")).toHaveCount(0);

          // A click (a tap on the phone) opens it: the card's status menu, details and buttons.
          if (size.touch) await block.tap();
          else await block.click();
          await expect(panel).toBeVisible();
          await expect(panel).toContainText("Corte feminino - Juliana Alves");
          await expect(panel.getByRole("link", { name: `Ver cliente ${name}` })).toHaveAttribute("href", `/clients/${c.id}`);
          await expect(panel.getByRole("button", { name: "Editar", exact: true })).toBeVisible();
          await expect(panel.getByRole("button", { name: `Excluir agendamento de ${name}` })).toBeVisible();
          // A side panel at the right edge, the screen's height; a bottom sheet on the phone.
          const box = (await page.getByTestId("appointment-panel").boundingBox())!;
          if (size.touch) {
            expect(box.x).toBe(0);
            expect(Math.round(box.y + box.height)).toBe(size.height);
          } else {
            expect(Math.round(box.x + box.width)).toBe(size.width);
            expect(Math.round(box.height)).toBe(size.height);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
          await panel.getByRole("button", { name: /Status: Pendente/ }).click();
          await page.getByRole("menuitem", { name: "Confirmado" }).click();
          await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Status atualizado" })).toBeVisible();
          await expect(panel.getByRole("button", { name: /Status: Confirmado/ })).toBeVisible();
          expect((await sql()`select status_id from appointments where id = ${a.id}`)[0].status_id).toBe(2);

          // Esc closes it and the focus is back on the block, which shows the new status (the page behind a
          // modal panel is hidden from the accessibility tree, so the column is looked at once it closes).
          await page.keyboard.press("Escape");
          await expect(panel).toBeHidden();
          await expect(block).toHaveAttribute("aria-label", /Confirmado$/);
          await expect(block).toBeFocused();
          await page.keyboard.press("Enter");
          await expect(panel).toBeVisible();
          await expect(panel.getByRole("button", { name: /Status: Confirmado/ })).toBeVisible();
          await panel.getByRole("button", { name: "Fechar" }).click();
          await expect(panel).toBeHidden();
          await expect(block).toBeFocused();
        } finally {
          await sql()`delete from appointments where id = ${a.id}`;
        }
      });

      test("a booking from Juliana's empty cell needs a service of hers, then shows in her column at that time", async ({ page }) => {
        const date = await openWeekday(size.touch ? 38 : 37);
        const businessId = await studio();
        const name = `Coluna ${randomUUID().slice(0, 6)}`;
        await sql()`insert into clients (business_id, name) values (${businessId}, ${name})`;
        try {
          await login(page, OWNER);
          await page.goto(`/appointments/grade?dia=${date}`);
          if (size.touch) await showColumn(page, "Juliana Alves");
          const at = await pointAt(page, "Juliana Alves", "16:00", await openTime(date));
          await page.mouse.click(at.x, at.y);
          const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
          await expect(dialog.getByLabel("Horário *")).toHaveValue("16:00");
          await dialog.getByLabel("Cliente *").fill(name);
          await page.getByRole("option", { name: new RegExp(name) }).click();
          const services = dialog.getByRole("group", { name: "Serviços *" });
          await expect(services).toContainText("Ao menos um com Juliana Alves.");
          // Nothing ticked: refused in the dialog, nothing booked.
          await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
          await expect(services).toContainText("Escolha ao menos um serviço com Juliana Alves.");
          await expect(dialog).toBeVisible();
          expect(await sql()`select a.id from appointments a join clients c on c.id = a.client_id where c.name = ${name}`).toHaveLength(0);
          await services.getByRole("checkbox", { name: /^Escova/ }).check();
          await expect(services).not.toContainText("Escolha ao menos um serviço");
          await expect(services.locator("select").first().locator("option:checked")).toContainText("Juliana Alves");
          await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
          await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Agendamento criado" })).toBeVisible();
          const block = column(page, "Juliana Alves").getByTestId("grid-block").filter({ hasText: name });
          await expect(block).toHaveAttribute("aria-label", new RegExp(`^16:00–.*${name}: Escova`));
          // Where it was clicked: its top on the 16:00 row.
          const row = await pointAt(page, "Juliana Alves", "16:00", await openTime(date));
          expect(Math.abs((await block.boundingBox())!.y - (row.y - 4))).toBeLessThan(3);
        } finally {
          await sql()`delete from appointments where business_id = ${businessId} and client_id in (select id from clients where name = ${name})`;
        }
      });

      test("a regular's walk-in in four actions: her cell, her name typed, her row (the last visit's services ticked), 'Criar Agendamento'", async ({ page }) => {
        const date = await openWeekday(size.touch ? 40 : 39);
        const businessId = await studio();
        const name = `Habitual ${randomUUID().slice(0, 6)}`;
        // Her last visit, a fortnight ago: Escova with Juliana (a cancelled one since names another service, and is not a visit);
        // before the hours, and apart for the two widths running at once (Juliana can't be booked twice).
        const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${name}) returning id`;
        const visit = async (days: number, service: string, status: number) => {
          const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${addDays(todayInBusiness(), days)}, ${size.touch ? "06:00" : "07:00"}, ${status}) returning id`;
          await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
            select ${a.id}, s.id, p.id, ${businessId} from services s, professionals p
             where s.business_id = ${businessId} and s.name = ${service} and p.business_id = ${businessId} and p.name = 'Juliana Alves'`;
        };
        await visit(-14, "Escova", 4);
        await visit(-7, "Hidratação", 3);
        try {
          await login(page, OWNER);
          await page.goto(`/appointments/grade?dia=${date}`);
          if (size.touch) await showColumn(page, "Juliana Alves");
          const at = await pointAt(page, "Juliana Alves", "11:00", await openTime(date));
          await page.mouse.click(at.x, at.y); // 1
          const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
          await expect(dialog.getByLabel("Cliente *")).toBeFocused();
          await page.keyboard.type(name); // 2
          await page.getByRole("option", { name: new RegExp(name) }).click(); // 3
          const services = dialog.getByRole("group", { name: "Serviços *" });
          await expect(services.getByRole("checkbox", { name: /^Escova/ })).toBeChecked();
          await expect(services.getByRole("checkbox", { name: /^Hidratação/ })).not.toBeChecked();
          await expect(services).toContainText(`Os serviços da última visita de ${name}.`);
          await expect(services.locator("select").first().locator("option:checked")).toContainText("Juliana Alves");
          await dialog.getByRole("button", { name: "Criar Agendamento" }).click(); // 4
          await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Agendamento criado" })).toBeVisible();
          await expect(column(page, "Juliana Alves").getByTestId("grid-block").filter({ hasText: name })).toHaveAttribute("aria-label", new RegExp(`^11:00–.*${name}: Escova`));
        } finally {
          await sql()`delete from appointments where business_id = ${businessId} and client_id = ${c.id}`;
        }
      });

      test("a refusal names its cause: a professional who no longer offers the service is 'Serviço não oferecido', not a conflict", async ({ page }) => {
        // Its own business: the offer is withdrawn while the dialog is open (another tab, another member).
        const owner = await createAccount({ business: true });
        const [{ business_id: businessId }] = await sql()<{ business_id: string }[]>`select business_id from user_business_roles where user_id = ${owner.id}`;
        await sql()`insert into business_hours (business_id, day_of_week, is_open, open_time, close_time)
          select ${businessId}, d, true, '08:00', '18:00' from generate_series(0, 6) d`;
        let date = addDays(todayInBusiness(), 3);
        while (nationalHolidayOn(date)) date = addDays(date, 1);
        const [pro] = await sql()<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, 'Marta Lima') returning id`;
        const [service] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, 'Escova', 45) returning id`;
        await sql()`insert into professional_services (professional_id, service_id, business_id, price) values (${pro.id}, ${service.id}, ${businessId}, 60)`;
        await sql()`insert into clients (business_id, name) values (${businessId}, 'Clara Nunes')`;
        await login(page, owner.email);
        await page.goto(`/appointments/grade?dia=${date}`);
        const at = await pointAt(page, "Marta Lima", "10:00", "08:00");
        await page.mouse.click(at.x, at.y);
        const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
        await expect(dialog.getByLabel("Horário *")).toHaveValue("10:00");
        await dialog.getByLabel("Cliente *").fill("Clara");
        await page.getByRole("option", { name: /Clara Nunes/ }).click();
        await dialog.getByRole("group", { name: "Serviços *" }).getByRole("checkbox", { name: /^Escova/ }).check();
        await sql()`delete from professional_services where professional_id = ${pro.id}`;
        await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
        await expect(page.getByText("Serviço não oferecido").first()).toBeVisible();
        await expect(page.getByText('Marta Lima não oferece o serviço "Escova". Escolha outro profissional.').first()).toBeVisible();
        await expect(page.getByText("Conflito de agenda")).toHaveCount(0);
        await expect(dialog).toBeVisible();
        expect(await sql()`select id from appointments where business_id = ${businessId}`).toHaveLength(0);
      });

      if (!size.touch) {
        test("a block dropped on a professional who doesn't offer its service snaps back with 'Serviço não oferecido'", async ({ page }) => {
          const date = await openWeekday(40);
          const businessId = await studio();
          const name = `Oferta ${randomUUID().slice(0, 6)}`;
          const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${name}) returning id`;
          const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${date}, '11:00', 2) returning id`;
          await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
            select ${a.id}, s.id, p.id, ${businessId} from services s, professionals p
             where s.business_id = ${businessId} and s.name = 'Escova' and p.business_id = ${businessId} and p.name = 'Juliana Alves'`;
          try {
            await login(page, OWNER);
            await page.goto(`/appointments/grade?dia=${date}`);
            const block = column(page, "Juliana Alves").getByTestId("grid-block").filter({ hasText: name });
            await expect(block).toBeVisible();
            await dragTo(page, block, await pointAt(page, "Rafael Souza", "15:00", await openTime(date)));
            const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Serviço não oferecido" });
            await expect(toast).toContainText('Rafael Souza não oferece o serviço "Escova".');
            await expect(block).toBeVisible();
            const [row] = await sql()`select a.time::text as t, p.name from appointments a join appointment_services s on s.appointment_id = a.id join professionals p on p.id = s.professional_id where a.id = ${a.id}`;
            expect(row).toEqual({ t: "11:00:00", name: "Juliana Alves" });
          } finally {
            await sql()`delete from appointments where id = ${a.id}`;
          }
        });
      }
    });
  }
});
