import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { addDays, dayOfWeek } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { createAccount, createBusiness, login, OWNER, sql, waitForRealtime } from "./support";

/**
 * Issue 32: 'A agenda não aceita agendamentos fora deles' — the agenda refuses what the hours page
 * says it refuses, unless 'Encaixe fora do horário' is asked for; and a holiday or shorter hours
 * over booked appointments list them and wait for a confirmation.
 *
 * The Studio's tests use far-future days of their own (2032-03-05 is a Friday, 2032-03-07 a
 * Sunday: the Studio opens Monday to Friday 08:00–19:00, Saturday 08:00–14:00, never on Sunday).
 */

const tag = () => randomUUID().slice(0, 6);
const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
const HINT = 'Para agendar mesmo assim, use "Encaixe fora do horário".';

async function studio() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}
async function newClient(businessId: string, name: string) {
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${name}) returning id`;
  return c.id;
}
/** An appointment written directly (as another device would): `minutes` of one service of the business, or none. */
async function booking(businessId: string, client: string, date: string, time: string, serviceId?: string) {
  const [a] = await sql()<{ id: string }[]>`
    insert into appointments (business_id, client_id, date, time) values (${businessId}, ${await newClient(businessId, client)}, ${date}, ${time}) returning id`;
  if (serviceId) await sql()`insert into appointment_services (appointment_id, service_id, business_id) values (${a.id}, ${serviceId}, ${businessId})`;
  return a.id;
}

async function toast(page: Page, title: string, description?: string) {
  const t = page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
  await expect(t).toBeVisible();
  if (description) await expect(t).toContainText(description);
}
const section = (page: Page, date: string) => page.locator(`section[data-date="${date}"]`);
const card = (page: Page, date: string, client: string) => section(page, date).getByTestId("appointment-card").filter({ hasText: client });

async function goTo(page: Page, date: string) {
  await page.getByLabel("Ir para o dia").fill(date);
  await page.getByRole("button", { name: "Ir", exact: true }).click();
  await expect(section(page, date)).toBeVisible();
}

test.describe("the hours rule on the agenda", () => {
  test.use({ reducedMotion: "reduce" });

  test("Novo Agendamento: refused on a closed day and at 23:30, even without a professional; 'Encaixe fora do horário' books it, marked 'Encaixe'", async ({ page }) => {
    const [sunday, friday] = ["2032-03-07", "2032-03-05"];
    const name = `Encaixe ${tag()}`;
    await newClient(await studio(), name);
    await login(page, OWNER);
    await page.goto("/appointments");
    await goTo(page, sunday);
    await expect(section(page, sunday).getByTestId("day-hours")).toHaveText("Fechado");

    await section(page, sunday).getByRole("button", { name: /^Novo agendamento em/ }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByRole("combobox", { name: /^Cliente/ }).fill(name);
    await dialog.getByRole("option", { name: new RegExp(name) }).click();
    await dialog.getByLabel("Horário *").fill("10:00");
    await expect(dialog.getByTestId("hours-warning")).toHaveText(`O estabelecimento está fechado neste dia. ${HINT}`);
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await toast(page, "Fora do horário de funcionamento", "O estabelecimento está fechado neste dia.");
    await expect(dialog.locator("#new-appointment-failure")).toHaveText(`O estabelecimento está fechado neste dia. ${HINT}`);
    const count = async () => (await sql()<{ n: number }[]>`select count(*)::int as n from appointments a join clients c on c.id = a.client_id where c.name = ${name}`)[0].n;
    expect(await count()).toBe(0);

    await dialog.getByRole("checkbox", { name: "Encaixe fora do horário" }).check();
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await toast(page, "Agendamento criado");
    await expect(dialog).toBeHidden();
    await expect(card(page, sunday, name).getByTestId("hours-mark")).toHaveText("Encaixe");
    const [row] = await sql()<{ outside_hours: boolean; description: string }[]>`
      select a.outside_hours, l.description from appointments a join clients c on c.id = a.client_id
        join audit_logs l on l.entity_id = a.id and l.action_type = 'CREATE' where c.name = ${name}`;
    expect(row).toEqual({ outside_hours: true, description: expect.stringMatching(/\(encaixe fora do horário\)$/) });

    // 23:30 on an open day, a service picked without a professional ('Nenhum'): refused too.
    await goTo(page, friday);
    await section(page, friday).getByRole("button", { name: /^Novo agendamento em/ }).click();
    await dialog.getByRole("combobox", { name: /^Cliente/ }).fill(name);
    await dialog.getByRole("option", { name: new RegExp(name) }).click();
    await dialog.getByLabel("Horário *").fill("23:30");
    await dialog.getByRole("checkbox", { name: /Corte feminino/ }).check();
    await expect(dialog.getByLabel("Profissional")).toHaveValue("");
    const late = `O atendimento das 23:30 às 00:30 fica fora do horário de funcionamento deste dia (08:00 às 19:00). ${HINT}`;
    await expect(dialog.getByTestId("hours-warning")).toHaveText(late);
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await toast(page, "Fora do horário de funcionamento", "das 23:30 às 00:30");
    await expect(dialog.locator("#new-appointment-failure")).toHaveText(late);
    expect(await count()).toBe(1);
  });

  test("a time edit and a drop outside the hours are refused; asked for explicitly, each becomes an 'Encaixe'", async ({ page }) => {
    const [friday, sunday] = ["2032-03-12", "2032-03-14"];
    const name = `Mover ${tag()}`;
    const businessId = await studio();
    const id = await booking(businessId, name, friday, "17:00");
    await login(page, OWNER);
    await page.goto("/appointments");
    await goTo(page, sunday);
    await goTo(page, friday);
    const c = card(page, friday, name);
    await expect(c.getByTestId("hours-mark")).toHaveCount(0);

    // The inline time: refused at 19:30, then with its own box ticked.
    await c.getByRole("button", { name: "Horário 17:00. Alterar horário" }).click();
    await c.getByLabel("Novo horário").fill("19:30");
    await c.getByRole("button", { name: "Confirmar horário" }).click();
    await toast(page, "Fora do horário de funcionamento", "das 19:30 às 20:30");
    await expect(c.getByLabel("Novo horário")).toHaveValue("19:30");
    expect((await sql()`select time::text from appointments where id = ${id}`)[0].time).toBe("17:00:00");
    await c.getByRole("checkbox", { name: "Encaixe fora do horário" }).check();
    await c.getByRole("button", { name: "Confirmar horário" }).click();
    await toast(page, "Horário atualizado");
    await expect(c.getByTestId("hours-mark")).toHaveText("Encaixe");
    await expect.poll(async () => (await sql()`select time::text, outside_hours from appointments where id = ${id}`)[0]).toEqual({ time: "19:30:00", outside_hours: true });

    // Dropped on Sunday: the move is refused, and the dialog asks for the override.
    await c.getByRole("button", { name: "Arrastar para mover para outro dia" }).focus();
    await page.keyboard.press("Space");
    await expect(c).toHaveClass(/opacity-40/);
    // dnd-kit listens for the arrows in a timer after the lift (see appointments.spec.ts).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press("ArrowDown");
    await expect(section(page, sunday)).toHaveAttribute("data-drop-target", "");
    await page.keyboard.press("Space");
    const ask = page.getByRole("alertdialog", { name: "Fora do horário de funcionamento" });
    await expect(ask).toContainText(`O estabelecimento está fechado neste dia. ${HINT}`);
    await expect(card(page, friday, name)).toBeVisible();
    await ask.getByRole("button", { name: "Encaixe fora do horário" }).click();
    await toast(page, "Data atualizada");
    await expect(card(page, sunday, name).getByTestId("hours-mark")).toHaveText("Encaixe");
    await expect.poll(async () => (await sql()`select date::text, outside_hours from appointments where id = ${id}`)[0]).toEqual({ date: sunday, outside_hours: true });
  });
});

/** YYYY-MM-DD `n` days from today or later, the first that is no national holiday (those close the salon already). */
function ordinaryDay(n: number): string {
  let d = addDays(todayInBusiness(), n);
  while (nationalHolidayOn(d)) d = addDays(d, 1);
  return d;
}

/** A salon of its own: its owner, a 30-minute service; nothing else configured. */
async function salon() {
  const owner = await createAccount();
  const businessId = await createBusiness({ name: `Salão Regra ${tag()}`, ownerId: owner.id });
  const [s] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, 'Escova', 30) returning id`;
  return { owner, businessId, serviceId: s.id };
}

/** Picks `ymd` in the add-holiday dialog's calendar, moving forward month by month. */
async function pickDate(page: Page, ymd: string) {
  const [y, m, d] = ymd.split("-").map(Number);
  const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
  await dialog.getByLabel("Data *").click();
  // The month shown first must be on screen before it is judged (else the loop skips past it).
  await expect(page.getByRole("dialog", { name: "Calendário" }).getByRole("grid")).toBeVisible();
  const button = page.getByRole("button", { name: new RegExp(`, ${d} de ${MONTHS[m - 1]} de ${y}`) });
  for (let i = 0; i < 3 && !(await button.isVisible()); i++) await page.getByRole("button", { name: "Ir para o próximo mês" }).click();
  await button.click();
  await expect(dialog.getByLabel("Data *")).toContainText(`${d} de ${MONTHS[m - 1]} de ${y}`);
}

test.describe("a holiday or shorter hours over booked appointments", () => {
  test("Adicionar feriado lists the seven bookings it leaves outside and needs a confirmation; the agenda's day shows it and marks them", async ({ page }) => {
    const { owner, businessId, serviceId } = await salon();
    const date = ordinaryDay(12);
    const t = tag();
    const times = ["10:30", "11:30", "12:30", "13:30", "14:30", "15:30", "16:30"];
    for (const time of times) await booking(businessId, `Cliente ${time} ${t}`, date, time, serviceId);

    await login(page, owner.email);
    await page.goto("/business-hours");
    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
    await dialog.getByLabel("Nome do feriado *").fill("Aniversário do salão");
    await pickDate(page, date);
    await dialog.getByRole("switch", { name: "Abre neste dia" }).click();
    await dialog.getByLabel("Abertura").fill("09:00");
    await dialog.getByLabel("Fechamento").fill("12:00");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();

    const list = dialog.getByTestId("affected-appointments");
    await expect(list).toContainText("5 agendamentos ficariam fora do horário de funcionamento:");
    await expect(list.getByRole("listitem")).toHaveText(["12:30", "13:30", "14:30", "15:30", "16:30"].map((time) => `Cliente ${time} ${t} — ${time}`));
    await expect(list).toContainText('Eles continuam na agenda, marcados como "Fora do horário".');
    const holidays = async () => (await sql()<{ n: number }[]>`select count(*)::int as n from business_holidays where business_id = ${businessId}`)[0].n;
    expect(await holidays()).toBe(0);

    // 'Voltar' keeps what was typed; adding again asks again.
    await dialog.getByRole("button", { name: "Voltar" }).click();
    await expect(dialog.getByLabel("Nome do feriado *")).toHaveValue("Aniversário do salão");
    await expect(dialog.getByLabel("Fechamento")).toHaveValue("12:00");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(list).toBeVisible();
    expect(await holidays()).toBe(0);
    await dialog.getByRole("button", { name: "Adicionar mesmo assim" }).click();
    await toast(page, "Feriado adicionado", "5 agendamentos ficaram fora do horário");
    await expect(dialog).toBeHidden();
    expect(await holidays()).toBe(1);

    await page.goto("/appointments");
    await goTo(page, date);
    await expect(section(page, date).getByTestId("day-hours")).toHaveText("Aniversário do salão · 09:00–12:00");
    await expect(card(page, date, `Cliente 12:30 ${t}`).getByTestId("hours-mark")).toHaveText("Fora do horário");
    await expect(card(page, date, `Cliente 16:30 ${t}`).getByTestId("hours-mark")).toHaveText("Fora do horário");
    await expect(card(page, date, `Cliente 11:30 ${t}`)).toBeVisible();
    await expect(card(page, date, `Cliente 11:30 ${t}`).getByTestId("hours-mark")).toHaveCount(0);
  });

  test("live: a holiday added elsewhere shows on an open agenda, its day and the cards it leaves outside", async ({ page }) => {
    const { owner, businessId, serviceId } = await salon();
    const date = ordinaryDay(2);
    const t = tag();
    await booking(businessId, `Manhã ${t}`, date, "09:00", serviceId);
    await booking(businessId, `Tarde ${t}`, date, "15:00", serviceId);
    await login(page, owner.email);
    await page.goto("/appointments");
    await expect(card(page, date, `Tarde ${t}`)).toBeVisible();
    await expect(section(page, date).getByTestId("day-hours")).toHaveCount(0);
    await expect(card(page, date, `Tarde ${t}`).getByTestId("hours-mark")).toHaveCount(0);
    await waitForRealtime(page);
    // Another device (or the hours page in another tab) saves the holiday.
    await sql()`insert into business_holidays (business_id, holiday_name, holiday_date, is_working, open_time, close_time)
      values (${businessId}, 'Meio expediente', ${date}, true, '08:00', '12:00')`;
    await expect(section(page, date).getByTestId("day-hours")).toHaveText("Meio expediente · 08:00–12:00");
    await expect(card(page, date, `Tarde ${t}`).getByTestId("hours-mark")).toHaveText("Fora do horário");
    await expect(card(page, date, `Manhã ${t}`).getByTestId("hours-mark")).toHaveCount(0);
  });

  test("shorter weekly hours list each booking's date and time and save only when confirmed", async ({ page }) => {
    const { owner, businessId, serviceId } = await salon();
    const date = ordinaryDay(3);
    const dow = dayOfWeek(date);
    await sql()`insert into business_hours (business_id, day_of_week, is_open, open_time, close_time)
      select ${businessId}, d, true, '08:00', '19:00' from generate_series(0, 6) d`;
    const name = `Tarde ${tag()}`;
    await booking(businessId, name, date, "17:00", serviceId);

    await login(page, owner.email);
    await page.goto("/business-hours");
    const weekday = ["Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"][dow];
    await page.getByLabel(`Fechamento de ${weekday}`).fill("17:00");
    await page.getByRole("button", { name: "Salvar horários" }).click();
    const list = page.getByTestId("affected-appointments");
    await expect(list).toContainText("1 agendamento ficaria fora do horário de funcionamento:");
    await expect(list.getByRole("listitem")).toHaveText([`${name} — ${date.split("-").reverse().join("/")} às 17:00`]);
    const close = async () => (await sql()<{ c: string }[]>`select close_time::text as c from business_hours where business_id = ${businessId} and day_of_week = ${dow}`)[0].c;
    expect(await close()).toBe("19:00:00");

    await page.getByRole("button", { name: "Salvar mesmo assim" }).click();
    await toast(page, "Horários atualizados", "1 agendamento ficou fora do horário");
    await expect(list).toBeHidden();
    await expect.poll(close).toBe("17:00:00");
  });
});
