import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import { formatLongDate } from "../lib/core/format/date";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { dayOfWeek } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { ALLOCATION } from "../lib/appointments/rules/allocation";
import { createAccount, EMPLOYEE, login, OWNER, sql } from "./support";

// A far-future Wednesday of the demo salon (open 08:00–19:00), away from every other spec's dates.
const DAY = "2032-06-16";
const SUNDAY = "2032-06-20";
const HOLIDAY = "2032-09-07"; // a Tuesday, Independência do Brasil; the salon doesn't work on holidays
const CLOSED_TEXT = "Dia fechado ou sem horário configurado.";

const tag = randomUUID().slice(0, 6);
const ANA = `Ana Alocação ${tag}`;
const BIA = `Bia Alocação ${tag}`;
const CAIO = `Caio Alocação ${tag}`;
const DORA = `Dora Alocação ${tag}`;
const EVA = `Eva Alocação ${tag}`;

async function studio() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}
async function idOf(table: "services" | "professionals", name: string) {
  const [r] = await sql()<{ id: string }[]>`select id from ${sql()(table)} where business_id = ${await studio()} and name = ${name}`;
  return r.id;
}
async function book(client: string, time: string, statusId: number, lines: [service: string, professional: string][], date = DAY) {
  const businessId = await studio();
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${client}) returning id`;
  const [a] = await sql()<{ id: string }[]>`
    insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${date}, ${time}, ${statusId}) returning id`;
  // In the given order (position), as the app writes them.
  for (const [position, [service, professional]] of lines.entries()) {
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id, position)
      values (${a.id}, ${await idOf("services", service)}, ${await idOf("professionals", professional)}, ${businessId}, ${position})`;
  }
  return a.id;
}

const row = (page: Page, name: string) => page.getByRole("region", { name });
const block = (page: Page, client: string) => page.getByTestId("allocation-block").filter({ hasText: client });

async function open(page: Page, date?: string) {
  await page.goto(date ? `/allocation-viewer?date=${date}` : "/allocation-viewer");
  await expect(page.getByRole("heading", { name: "Visor de Alocação", level: 1 })).toBeVisible();
}

test.describe("Visor de Alocação", () => {
  const ids: string[] = [];
  test.beforeAll(async () => {
    // Juliana: 09:00 Corte feminino (60) + Escova (45) merged into one block; 14:00 a pending Coloração (120).
    ids.push(await book(ANA, "09:00", 2, [["Corte feminino", "Juliana Alves"], ["Escova", "Juliana Alves"]]));
    ids.push(await book(BIA, "14:00", 1, [["Coloração", "Juliana Alves"]]));
    // Rafael: 10:00 Barba (30).
    ids.push(await book(CAIO, "10:00", 2, [["Barba", "Rafael Souza"]]));
  });
  test.afterAll(async () => {
    await sql()`delete from appointments where id in ${sql()(ids)}`;
    await sql()`delete from clients where name like ${`%Alocação ${tag}`}`;
  });

  test("today by default, in the business zone", async ({ page }) => {
    await login(page, OWNER);
    await open(page);
    await expect(page.getByText("Ocupação de cada profissional ao longo do dia")).toBeVisible();
    const today = todayInBusiness();
    await expect(page.getByRole("button", { name: `Escolher data: ${formatLongDate(today)}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Hoje" })).toHaveCount(0);
    // The demo salon closes on Sundays and on national holidays.
    if (dayOfWeek(today) === 0 || nationalHolidayOn(today)) await expect(page.getByText(CLOSED_TEXT)).toBeVisible();
    else await expect(page.getByTestId("allocation-row")).toHaveCount(3);
  });

  test("a day: one timeline per active professional, merged blocks, gaps, utilization and counts", async ({ page }) => {
    await login(page, OWNER);
    await open(page, DAY);
    await expect(page.getByTestId("allocation-row")).toHaveCount(3);
    // Bruno Oliveira is inactive: no row.
    await expect(page.getByRole("region", { name: "Bruno Oliveira" })).toHaveCount(0);
    await expect(page.getByText("2 agendamentos confirmados · 1 pendente")).toBeVisible();

    const juliana = row(page, "Juliana Alves");
    await expect(juliana.getByText("1 agendamento · 1 pendente", { exact: true })).toBeVisible();
    // 09:00–10:45 of 08:00–19:00: 105 of 660 minutes.
    await expect(juliana.getByRole("progressbar", { name: "Utilização de Juliana Alves" })).toHaveAttribute("aria-valuenow", "16");
    await expect(juliana.getByText("16%")).toBeVisible();
    // The pending Coloração is drawn, marked, and holds 14:00–16:00; it is no part of the 16%.
    await expect(juliana.getByTestId("allocation-block")).toHaveCount(2);
    await expect(block(page, ANA)).toContainText("09:00–10:45");
    await expect(block(page, ANA)).not.toContainText("Pendente");
    await expect(block(page, BIA)).toContainText("14:00–16:00 · Pendente");
    await expect(block(page, BIA)).toHaveClass(/allocation-pending/);
    // 'Livre' only inside her 09:00–18:00, outside the 12:00–13:00 lunch and the pending client.
    await expect(juliana.getByTestId("allocation-gap")).toHaveText(["Livre · 1h 15min", "Livre · 1h", "Livre · 2h"]);
    await expect(juliana.getByTestId("allocation-shade")).toHaveText(["Fora do expediente", "Fora do expediente", "Pausa"]);

    const rafael = row(page, "Rafael Souza");
    await expect(rafael.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "5"); // 30 of 660
    await expect(rafael.getByTestId("allocation-gap")).toHaveText(["Livre · 1h", "Livre · 1h 30min", "Livre · 5h"]);
    await expect(row(page, "Fernanda Costa").getByText("0 agendamentos")).toBeVisible();
    // Fernanda works 10:00–19:00.
    await expect(row(page, "Fernanda Costa").getByTestId("allocation-gap")).toHaveText(["Livre · 2h", "Livre · 6h"]);

    // 56 px per hour (44 below 768 px); a 30-minute block is drawn at least 32 px high.
    expect((await block(page, ANA).boundingBox())!.height).toBeCloseTo(98, 0);
    expect((await block(page, CAIO).boundingBox())!.height).toBeCloseTo(32, 0);
    await page.setViewportSize({ width: 700, height: 900 });
    expect((await block(page, ANA).boundingBox())!.height).toBeCloseTo(77, 0);
  });

  test("the switch shows every status", async ({ page }) => {
    await login(page, OWNER);
    await open(page, DAY);
    const juliana = row(page, "Juliana Alves");
    await page.getByRole("switch", { name: "Mostrar todos os status" }).click();
    await expect(block(page, BIA)).toHaveText(/14:00–16:00/);
    await expect(block(page, BIA)).not.toContainText("Pendente");
    await expect(juliana.getByText("2 agendamentos", { exact: true })).toBeVisible();
    await expect(juliana.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "34"); // 225 of 660
    await expect(page.getByText("3 agendamentos", { exact: true })).toBeVisible();
    for (const label of ["Pendente", "Cancelado", "Concluído"]) await expect(page.getByRole("list", { name: "Legenda" }).getByText(label)).toBeVisible();
    await page.getByRole("switch", { name: "Mostrar todos os status" }).click();
    await expect(block(page, BIA)).toContainText("14:00–16:00 · Pendente");
    await expect(juliana.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "16");
  });

  test("a block's details on hover and on keyboard focus", async ({ page }) => {
    await login(page, OWNER);
    await open(page, DAY);
    await block(page, ANA).hover();
    const tip = page.getByRole("tooltip");
    await expect(tip).toContainText(ANA);
    await expect(tip).toContainText("Corte feminino, Escova");
    await expect(tip).toContainText("09:00–10:45 (1h 45min)");
    await expect(tip).toContainText("Confirmado");

    await page.mouse.move(0, 0, { steps: 5 });
    await expect(tip).toHaveCount(0);
    // The switch, then Tab: the first block (Juliana's; Fernanda has none).
    await page.getByRole("switch", { name: "Mostrar todos os status" }).focus();
    await page.keyboard.press("Tab");
    await expect(block(page, ANA)).toBeFocused();
    await expect(page.getByRole("tooltip")).toContainText("Corte feminino, Escova");
    await page.keyboard.press("Tab");
    await expect(block(page, BIA)).toBeFocused();
    await expect(page.getByRole("tooltip")).toContainText("Pendente");
    await page.keyboard.press("Tab");
    await expect(block(page, CAIO)).toBeFocused();
    await expect(page.getByRole("tooltip")).toContainText("Barba");
    await expect(page.getByRole("tooltip")).toContainText("10:00–10:30 (30min)");
  });

  test("day navigation: previous and next buttons, the date picker, 'Hoje'", async ({ page }) => {
    await login(page, OWNER);
    await open(page, DAY);
    await page.getByRole("link", { name: "Próximo dia" }).click();
    await expect(page).toHaveURL(/\?date=2032-06-17$/);
    await expect(page.getByRole("button", { name: "Escolher data: quinta-feira, 17 de junho de 2032" })).toBeVisible();
    await page.getByRole("link", { name: "Dia anterior" }).click();
    await expect(page).toHaveURL(/\?date=2032-06-16$/);
    await page.getByRole("link", { name: "Dia anterior" }).click();
    await expect(page).toHaveURL(/\?date=2032-06-15$/);
    await expect(page.getByRole("button", { name: "Escolher data: terça-feira, 15 de junho de 2032" })).toBeVisible();

    await page.getByRole("button", { name: /^Escolher data/ }).click();
    // The week starts on Monday (spec section 9).
    await expect(page.getByRole("dialog").locator("th").first()).toHaveText("Seg");
    await page.getByRole("button", { name: /^quarta-feira, 16 de junho de 2032/ }).click();
    await expect(page).toHaveURL(/\?date=2032-06-16$/);
    await expect(block(page, ANA)).toBeVisible();

    await page.getByRole("link", { name: "Hoje" }).click();
    await expect(page).toHaveURL(/\/allocation-viewer$/);
    await expect(page.getByRole("button", { name: `Escolher data: ${formatLongDate(todayInBusiness())}` })).toBeVisible();
  });

  test("a closed day and a national holiday show the spec's text", async ({ page }) => {
    await login(page, OWNER);
    await open(page, SUNDAY);
    await expect(page.getByText(CLOSED_TEXT)).toBeVisible();
    await expect(page.getByTestId("allocation-row")).toHaveCount(0);
    await open(page, HOLIDAY);
    await expect(page.getByText(CLOSED_TEXT)).toBeVisible();
    await expect(page.getByText("Independência do Brasil")).toBeVisible();
    // An invalid date in the address shows today.
    await open(page, "2032-02-30");
    await expect(page.getByRole("button", { name: `Escolher data: ${formatLongDate(todayInBusiness())}` })).toBeVisible();
  });

  test("an employee sees it too", async ({ page }) => {
    await login(page, EMPLOYEE);
    await open(page, DAY);
    await expect(block(page, ANA)).toBeVisible();
  });

  test("live: a change in another browser appears without reload", async ({ page, browser }) => {
    await login(page, OWNER);
    await open(page, DAY);
    await expect(block(page, BIA)).toContainText("Pendente");

    // Another device confirms the pending appointment on the agenda.
    const other = await browser.newContext();
    const second = await other.newPage();
    await login(second, EMPLOYEE);
    await second.goto("/appointments");
    await second.getByLabel("Ir para o dia").fill(DAY);
    await second.getByRole("button", { name: "Ir", exact: true }).click();
    const card = second.locator(`section[data-date="${DAY}"]`).getByTestId("appointment-card").filter({ hasText: BIA });
    await card.getByRole("button", { name: /Status: Pendente/ }).click();
    await second.getByRole("menuitem", { name: "Confirmado" }).click();
    await expect(block(page, BIA)).not.toContainText("Pendente", { timeout: 5_000 });
    await expect(row(page, "Juliana Alves").getByRole("progressbar")).toHaveAttribute("aria-valuenow", "34");
    await other.close();

    // A booking of that day made elsewhere appears too.
    ids.push(await book(DORA, "16:00", 2, [["Manicure", "Fernanda Costa"]]));
    await expect(block(page, DORA)).toContainText("16:00–16:40", { timeout: 5_000 });
    await expect(row(page, "Fernanda Costa").getByText("1 agendamento", { exact: true })).toBeVisible();
  });

  test("on a phone (390 px): 44 px per hour, the page itself doesn't overflow", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, OWNER);
    await open(page, DAY);
    expect((await block(page, ANA).boundingBox())!.height).toBeCloseTo(77, 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A tap shows the details, whole on screen though neither side of the column has room.
    await block(page, ANA).click();
    const tip = page.getByRole("tooltip");
    await expect(tip).toContainText("Corte feminino, Escova");
    await expect(block(page, ANA)).toHaveAttribute("aria-describedby", (await tip.getAttribute("id"))!);
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px: three pending clients are not 'Livre', and nobody is 'Livre' after they stop working`, async ({ page }) => {
      // A Friday: Rafael with three pending Barbas, Juliana away 15:00–16:00.
      const friday = "2032-06-18";
      const names = [1, 2, 3].map((i) => `Pendente ${i} ${width} Alocação ${tag}`);
      const mine = [
        await book(names[0], "09:00", 1, [["Barba", "Rafael Souza"]], friday),
        await book(names[1], "13:00", 1, [["Barba", "Rafael Souza"]], friday),
        await book(names[2], "15:00", 1, [["Corte masculino", "Rafael Souza"]], friday),
      ];
      const juliana = await idOf("professionals", "Juliana Alves");
      await sql()`insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time, reason)
                  values (${await studio()}, ${juliana}, ${friday}, ${friday}, '15:00', '16:00', ${`Alocação ${tag}`})`;
      try {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await login(page, OWNER);
        await open(page, friday);
        await expect(page.getByText("0 agendamentos confirmados · 3 pendentes")).toBeVisible();
        const rafael = row(page, "Rafael Souza");
        await expect(rafael.getByText("0 agendamentos · 3 pendentes")).toBeVisible();
        await expect(rafael.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
        for (const n of names) await expect(block(page, n)).toContainText("Pendente");
        // 09:30–12:00, 13:30–15:00 and 15:30–18:00: never over the pending clients, the lunch or past 18:00.
        await expect(rafael.getByTestId("allocation-gap")).toHaveText(["Livre · 2h 30min", "Livre · 1h 30min", "Livre · 2h 30min"]);
        const j = row(page, "Juliana Alves");
        await expect(j.getByTestId("allocation-gap")).toHaveText(["Livre · 3h", "Livre · 2h", "Livre · 2h"]);
        await expect(j.getByTestId("allocation-shade").filter({ hasText: "De folga" })).toHaveAttribute("title", "De folga das 15:00 às 16:00");
        await expect(j.getByTestId("allocation-shade").last()).toHaveText("De folga");
        const after = j.getByTestId("allocation-shade").filter({ hasText: "Fora do expediente" }).last();
        await expect(after).toHaveAttribute("title", "Fora do expediente das 18:00 às 19:00");
        // The legend says what the outlined blocks are.
        await expect(page.getByRole("list", { name: "Legenda" })).toContainText("Pendente (fora da utilização)");
        if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      } finally {
        await sql()`delete from appointments where id in ${sql()(mine)}`;
        await sql()`delete from professional_time_off where reason = ${`Alocação ${tag}`}`;
      }
    });
  }

  test("overlapping blocks (all statuses) sit side by side, each half the column", async ({ page }) => {
    // Last in the file: it adds a cancelled 10:00 Barba on Rafael, beside Caio's.
    ids.push(await book(EVA, "10:00", 3, [["Barba", "Rafael Souza"]]));
    await login(page, OWNER);
    await open(page, DAY);
    await expect(block(page, EVA)).toHaveCount(0);
    await page.getByRole("switch", { name: "Mostrar todos os status" }).click();
    const column = (await row(page, "Rafael Souza").getByTestId("allocation-gap").first().boundingBox())!;
    const [caio, eva] = [(await block(page, CAIO).boundingBox())!, (await block(page, EVA).boundingBox())!];
    // The gap spans the column less 4 px each side; each lane is half of it less 8 px.
    const lane = (column.width + 8) / 2 - 8;
    expect(caio.width).toBeCloseTo(lane, 0);
    expect(eva.width).toBeCloseTo(lane, 0);
    expect(caio.y).toBeCloseTo(eva.y, 0);
    expect(Math.abs(caio.x - eva.x)).toBeCloseTo(lane + 8, 0);
  });
});

test("a chain's day: the server's HTML has the first columns, the rest join after hydration", async ({ page, browser }) => {
  const owner = await createAccount({ business: true });
  const [{ business_id: businessId }] = await sql()<{ business_id: string }[]>`select business_id from user_business_roles where user_id = ${owner.id}`;
  const total = ALLOCATION.serverColumns + 2;
  await sql()`insert into professionals (business_id, name)
    select ${businessId}, 'Profissional ' || lpad(i::text, 2, '0') from generate_series(1, ${total}) i`;

  await login(page, owner.email);
  await open(page, DAY);
  await expect(page.getByTestId("allocation-row")).toHaveCount(total);
  await expect(row(page, `Profissional ${total}`)).toBeAttached();

  // Without scripts, the same session gets the server's HTML alone (still in its hidden streaming slot).
  const bare = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const html = await bare.newPage();
  await html.goto(`/allocation-viewer?date=${DAY}`);
  await expect(html.getByTestId("allocation-row")).toHaveCount(ALLOCATION.serverColumns);
  await expect(html.getByTestId("allocation-row").first()).toContainText("Profissional 01");
  await bare.close();
});
