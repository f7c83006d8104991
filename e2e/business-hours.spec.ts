import { randomUUID } from "node:crypto";
import { todayInBusiness } from "../lib/core/time/business-time";
import { NETWORK_FAILURE, allowConsoleErrors, expect, test, type Page } from "./fixtures";
import { EMPLOYEE, login, OTHER_OWNER, OWNER, sql, waitForRealtime } from "./support";

/**
 * Horários de Funcionamento. Every test that writes works on a salon of its own (a fresh owner,
 * business and, where needed, employee), so the demo salon the other specs book into never
 * changes under them.
 */

const tag = () => randomUUID().slice(0, 8);
const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
const CLOSE_BEFORE_OPEN = "O horário de fechamento deve ser depois do de abertura.";

/** An account with the demo password, e-mail confirmed. */
async function account(role: "business_owner" | "employee", t: string) {
  const email = `horarios-${role}-${t}@teste.com.br`;
  const [row] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, full_name, registered, email_verified_at)
    select ${email}, password_hash, ${`Pessoa ${t}`}, true, now() from users where email = ${OWNER}
    returning id`;
  await sql()`insert into user_roles (user_id, role_id) select ${row.id}, id from roles where name = ${role}`;
  return { id: row.id, email };
}

/** A salon with nothing configured: its owner and one employee. */
async function salon() {
  const t = tag();
  const owner = await account("business_owner", t);
  const employee = await account("employee", t);
  const [b] = await sql()<{ id: string }[]>`insert into businesses (name) values (${`Salão Horários ${t}`}) returning id`;
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${owner.id}, ${b.id}, 'owner'), (${employee.id}, ${b.id}, 'employee')`;
  return { id: b.id, owner, employee };
}

/** YYYY-MM-DD, `n` days from today in the business zone. */
function inDays(n: number): string {
  const today = todayInBusiness();
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const br = (ymd: string) => ymd.split("-").reverse().join("/");

async function toast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

async function openScreen(page: Page) {
  await page.goto("/business-hours");
  await expect(page.getByRole("heading", { name: "Horários de Funcionamento", level: 1 })).toBeVisible();
}

const day = (page: Page, index: number) => page.getByTestId(`day-${index}`);
const save = (page: Page) => page.getByRole("button", { name: "Salvar horários" }).click();

async function hoursOf(businessId: string) {
  return sql()<{ day: number; is_open: boolean; open: string | null; close: string | null; user_id: string }[]>`
    select day_of_week as day, is_open, to_char(open_time, 'HH24:MI') as open, to_char(close_time, 'HH24:MI') as close, user_id
      from business_hours where business_id = ${businessId} order by day_of_week`;
}

/** Picks `ymd` in the add-holiday dialog's calendar, moving forward month by month. */
async function pickDate(page: Page, ymd: string) {
  const [y, m, d] = ymd.split("-").map(Number);
  const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
  await dialog.getByLabel("Data *").click();
  const button = page.getByRole("button", { name: new RegExp(`, ${d} de ${MONTHS[m - 1]} de ${y}`) });
  for (let i = 0; i < 14 && !(await button.isVisible()); i++) await page.getByRole("button", { name: "Ir para o próximo mês" }).click();
  await button.click();
  await expect(dialog.getByLabel("Data *")).toContainText(`${d} de ${MONTHS[m - 1]} de ${y}`);
}

test.describe("Horários de Funcionamento", () => {
  test("the demo salon's screen: weekly hours, holidays and the national ones, for the owner and the employee", async ({ page }) => {
    for (const who of [OWNER, EMPLOYEE]) {
      await login(page, who);
      await openScreen(page);
      await expect(page.getByRole("switch", { name: "Domingo" })).not.toBeChecked();
      await expect(page.getByLabel("Abertura de Domingo")).toBeDisabled();
      await expect(page.getByRole("switch", { name: "Segunda-feira" })).toBeChecked();
      await expect(page.getByLabel("Abertura de Segunda-feira")).toHaveValue("08:00");
      await expect(page.getByLabel("Fechamento de Sábado")).toHaveValue("14:00");
      await expect(page.getByRole("combobox", { name: "Janela de agendamento" })).toContainText("30 dias");
      await expect(page.getByRole("switch", { name: "Funciona em feriados" })).not.toBeChecked();
      const own = page.getByTestId("holiday-item");
      await expect(own.filter({ hasText: "Natal" })).toContainText("Fechado");
      await expect(own.filter({ hasText: "Recesso do salão" })).toContainText("Fechado");
      // Christmas is the salon's own holiday too: the national list says which one counts.
      await expect(page.getByTestId("national-holiday").filter({ hasText: "Natal" })).toContainText('vale o feriado do negócio “Natal”');
      await expect(page.getByText("Horários ainda não salvos")).toHaveCount(0);
      await page.context().clearCookies();
    }
  });

  test("weekly hours: the default week, closing before opening refused, a closed day, saved together", async ({ page }) => {
    const s = await salon();
    await login(page, s.owner.email);
    await openScreen(page);

    // Nothing saved: every day open 08:00–19:00, and the screen says the agenda is not limited yet.
    await expect(page.getByText("Horários ainda não salvos")).toBeVisible();
    for (const name of ["Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"]) {
      await expect(page.getByRole("switch", { name })).toBeChecked();
      await expect(page.getByLabel(`Abertura de ${name}`)).toHaveValue("08:00");
      await expect(page.getByLabel(`Fechamento de ${name}`)).toHaveValue("19:00");
    }
    await expect(page.getByRole("list", { name: "Dias da semana" }).getByRole("listitem").first()).toContainText("Domingo");

    // Closing before opening: the day says why, the save says it failed, nothing is stored.
    await page.getByLabel("Fechamento de Quarta-feira").fill("07:00");
    await save(page);
    await expect(day(page, 3).getByText(CLOSE_BEFORE_OPEN)).toBeVisible();
    await expect(page.getByLabel("Fechamento de Quarta-feira")).toHaveAttribute("aria-invalid", "true");
    await toast(page, "Não foi possível salvar os horários.");
    expect(await hoursOf(s.id)).toHaveLength(0);
    // Closing the day clears its error (closed days store no times).
    await page.getByRole("switch", { name: "Quarta-feira" }).click();
    await expect(day(page, 3).getByText(CLOSE_BEFORE_OPEN)).toHaveCount(0);
    await page.getByRole("switch", { name: "Quarta-feira" }).click();
    await expect(day(page, 3).getByText(CLOSE_BEFORE_OPEN)).toBeVisible();
    await page.getByLabel("Fechamento de Quarta-feira").fill("18:00");
    await expect(day(page, 3).getByText(CLOSE_BEFORE_OPEN)).toHaveCount(0);

    await page.getByRole("switch", { name: "Domingo" }).click();
    await expect(page.getByLabel("Abertura de Domingo")).toBeDisabled();
    await page.getByLabel("Abertura de Sábado").fill("09:00");
    await page.getByLabel("Fechamento de Sábado").fill("13:00");
    await save(page);
    await toast(page, "Horários atualizados");
    await expect(page.getByText("Horários ainda não salvos")).toHaveCount(0);
    const rows = await hoursOf(s.id);
    expect(rows.map((r) => [r.day, r.is_open, r.open, r.close])).toEqual([
      [0, false, null, null],
      [1, true, "08:00", "19:00"],
      [2, true, "08:00", "19:00"],
      [3, true, "08:00", "18:00"],
      [4, true, "08:00", "19:00"],
      [5, true, "08:00", "19:00"],
      [6, true, "09:00", "13:00"],
    ]);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([s.owner.id]));

    await page.reload();
    await expect(page.getByRole("switch", { name: "Domingo" })).not.toBeChecked();
    await expect(page.getByLabel("Fechamento de Quarta-feira")).toHaveValue("18:00");
    await expect(page.getByLabel("Abertura de Sábado")).toHaveValue("09:00");

    // A failed request keeps what was typed and says the spec's text.
    await page.getByLabel("Fechamento de Sexta-feira").fill("20:00");
    allowConsoleErrors(NETWORK_FAILURE);
    await page.route("**/business-hours", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await save(page);
    await toast(page, "Não foi possível salvar os horários.");
    await expect(page.getByLabel("Fechamento de Sexta-feira")).toHaveValue("20:00");
    await page.unroute("**/business-hours");
    await save(page);
    await toast(page, "Horários atualizados");
    expect((await hoursOf(s.id))[5].close).toBe("20:00");
  });

  test("booking window and the holiday default, each saved as it changes", async ({ page }) => {
    const s = await salon();
    await login(page, s.owner.email);
    await openScreen(page);
    const window = page.getByRole("combobox", { name: "Janela de agendamento" });
    await expect(window).toContainText("30 dias");
    await window.click();
    await expect(page.getByRole("option")).toHaveText(["7 dias", "14 dias", "21 dias", "30 dias", "45 dias", "60 dias", "90 dias", "180 dias", "365 dias"]);
    await page.getByRole("option", { name: "90 dias" }).click();
    await toast(page, "Janela de agendamento atualizada");
    await expect(window).toContainText("90 dias");
    await expect.poll(async () => (await sql()<{ n: number }[]>`select booking_window_days as n from businesses where id = ${s.id}`)[0].n).toBe(90);

    // Failure: the old value stays, with the spec's text.
    allowConsoleErrors(NETWORK_FAILURE);
    await page.route("**/business-hours", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await window.click();
    await page.getByRole("option", { name: "7 dias" }).click();
    await toast(page, "Não foi possível salvar a janela de agendamento.");
    await expect(window).toContainText("90 dias");
    await page.getByRole("switch", { name: "Funciona em feriados" }).click();
    await toast(page, "Não foi possível salvar as configurações.");
    await expect(page.getByRole("switch", { name: "Funciona em feriados" })).not.toBeChecked();
    await page.unroute("**/business-hours");

    // Off: the national holidays are closed days. On: ordinary days, and the list says so.
    const national = page.getByTestId("national-holiday").first();
    await expect(national).toContainText("Fechado");
    await page.getByRole("switch", { name: "Funciona em feriados" }).click();
    await toast(page, "Configuração de feriados atualizada");
    await expect(page.getByRole("switch", { name: "Funciona em feriados" })).toBeChecked();
    await expect(national).toContainText("Aberto");
    const [setting] = await sql()<{ works: boolean; user_id: string }[]>`select works_on_holidays as works, user_id from business_holiday_settings where business_id = ${s.id}`;
    expect(setting).toEqual({ works: true, user_id: s.owner.id });
    await page.reload();
    await expect(page.getByRole("switch", { name: "Funciona em feriados" })).toBeChecked();
    await page.getByRole("switch", { name: "Funciona em feriados" }).click();
    await toast(page, "Configuração de feriados atualizada");
    await expect(national).toContainText("Fechado");
  });

  test("specific holidays: every message, open with hours, closed, a date taken, remove", async ({ page }) => {
    const s = await salon();
    await login(page, s.owner.email);
    await openScreen(page);
    await expect(page.getByText("Nenhum feriado cadastrado.")).toBeVisible();

    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
    const add = dialog.getByRole("button", { name: "Adicionar", exact: true });
    await add.click();
    await toast(page, "Selecione um negócio e preencha os campos obrigatórios.");
    await expect(dialog.getByText("Informe o nome do feriado.")).toBeVisible();
    await expect(dialog.getByText("Escolha a data do feriado.")).toBeVisible();
    await expect(dialog.getByText("Fechado o dia todo.")).toBeVisible();

    const openDay = inDays(20);
    await dialog.getByLabel("Nome do feriado *").fill("  Aniversário da cidade ");
    await pickDate(page, openDay);
    await dialog.getByRole("switch", { name: "Abre neste dia" }).click();
    await expect(dialog.getByLabel("Abertura")).toHaveValue("08:00");
    await dialog.getByLabel("Abertura").fill("13:00");
    await dialog.getByLabel("Fechamento").fill("09:00");
    await add.click();
    await expect(dialog.getByText(CLOSE_BEFORE_OPEN)).toBeVisible();
    await toast(page, "Não foi possível adicionar o feriado.");
    await dialog.getByLabel("Abertura").fill("09:00");
    await dialog.getByLabel("Fechamento").fill("13:00");
    await add.click();
    await toast(page, "Feriado adicionado");
    await expect(dialog).toBeHidden();
    const openItem = page.getByTestId("holiday-item").filter({ hasText: "Aniversário da cidade" });
    await expect(openItem).toContainText(br(openDay));
    await expect(openItem).toContainText("Aberto das 09:00 às 13:00");

    const closedDay = inDays(10);
    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    await dialog.getByLabel("Nome do feriado *").fill("Dedetização");
    await pickDate(page, closedDay);
    await add.click();
    await toast(page, "Feriado adicionado");
    await expect(page.getByTestId("holiday-item")).toHaveText([new RegExp(`Dedetização.*${br(closedDay)}.*Fechado`), new RegExp(`Aniversário da cidade.*${br(openDay)}`)]);
    const rows = await sql()<{ name: string; date: string; is_working: boolean; open: string | null; close: string | null }[]>`
      select holiday_name as name, holiday_date::text as date, is_working, to_char(open_time, 'HH24:MI') as open, to_char(close_time, 'HH24:MI') as close
        from business_holidays where business_id = ${s.id} order by holiday_date`;
    expect(rows).toEqual([
      { name: "Dedetização", date: closedDay, is_working: false, open: null, close: null },
      { name: "Aniversário da cidade", date: openDay, is_working: true, open: "09:00", close: "13:00" },
    ]);

    // The same date again: refused, naming the holiday already there; nothing added.
    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    await dialog.getByLabel("Nome do feriado *").fill("Outro");
    await pickDate(page, closedDay);
    await add.click();
    const taken = `Já existe um feriado em ${br(closedDay)}: "Dedetização". Remova-o antes de cadastrar outro nessa data.`;
    await toast(page, taken);
    await expect(dialog.getByText(taken)).toBeVisible();
    await expect(dialog.getByLabel("Nome do feriado *")).toHaveValue("Outro");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    expect(await sql()`select 1 from business_holidays where business_id = ${s.id}`).toHaveLength(2);

    // Remove: confirmation, a failure with the spec's text, then done.
    await page.getByRole("button", { name: "Remover feriado Dedetização" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Tem certeza que deseja remover o feriado "Dedetização" de ${br(closedDay)}?`);
    allowConsoleErrors(NETWORK_FAILURE);
    await page.route("**/business-hours", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await confirm.getByRole("button", { name: "Remover" }).click();
    await toast(page, "Não foi possível remover o feriado.");
    await page.unroute("**/business-hours");
    await confirm.getByRole("button", { name: "Remover" }).click();
    await toast(page, "Feriado removido");
    await expect(page.getByTestId("holiday-item")).toHaveCount(1);
    expect((await sql()<{ name: string }[]>`select holiday_name as name from business_holidays where business_id = ${s.id}`).map((r) => r.name)).toEqual(["Aniversário da cidade"]);

    // A failed add keeps what was typed.
    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    await dialog.getByLabel("Nome do feriado *").fill("Sem rede");
    await pickDate(page, inDays(30));
    allowConsoleErrors(NETWORK_FAILURE);
    await page.route("**/business-hours", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await add.click();
    await toast(page, "Não foi possível adicionar o feriado.");
    await expect(dialog.getByLabel("Nome do feriado *")).toHaveValue("Sem rede");
    await page.unroute("**/business-hours");
  });

  test("no business named: the non-destructive 'Atenção'", async ({ page }) => {
    const s = await salon();
    await login(page, s.owner.email);
    await openScreen(page);
    // The page always names its business; a request that doesn't (a stale or tampered page) is told to pick one.
    let rewritten = 0;
    await page.route("**/business-hours", async (route) => {
      const body = route.request().postData();
      if (route.request().method() !== "POST" || !body) return route.continue();
      const without = body.replace(/,"businessId":"[0-9a-f-]{36}"/, "").replace(/"businessId":"[0-9a-f-]{36}",?/, "");
      if (without !== body) rewritten++;
      await route.continue({ postData: without });
    });
    await save(page);
    const notice = page.locator("[data-sonner-toast]").filter({ hasText: "Atenção" }).first();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Selecione um negócio no topo da página e tente novamente.");
    await expect(notice).not.toHaveAttribute("data-type", "error");
    expect(rewritten).toBe(1);
    expect(await hoursOf(s.id)).toHaveLength(0);
  });

  test("an employee uses the whole screen", async ({ page }) => {
    const s = await salon();
    await login(page, s.employee.email);
    await openScreen(page);
    await page.getByRole("switch", { name: "Segunda-feira" }).click();
    await save(page);
    await toast(page, "Horários atualizados");
    const rows = await hoursOf(s.id);
    expect(rows[1]).toMatchObject({ is_open: false, open: null, close: null, user_id: s.employee.id });

    await page.getByRole("combobox", { name: "Janela de agendamento" }).click();
    await page.getByRole("option", { name: "14 dias" }).click();
    await toast(page, "Janela de agendamento atualizada");
    await page.getByRole("switch", { name: "Funciona em feriados" }).click();
    await toast(page, "Configuração de feriados atualizada");

    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
    await dialog.getByLabel("Nome do feriado *").fill("Folga coletiva");
    await pickDate(page, inDays(15));
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await toast(page, "Feriado adicionado");
    await page.getByRole("button", { name: "Remover feriado Folga coletiva" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remover" }).click();
    await toast(page, "Feriado removido");

    const [b] = await sql()<{ n: number; works: boolean }[]>`
      select b.booking_window_days as n, s.works_on_holidays as works from businesses b join business_holiday_settings s on s.business_id = b.id where b.id = ${s.id}`;
    expect(b).toEqual({ n: 14, works: true });
  });

  test("another business's owner sees their own hours, never these", async ({ page }) => {
    await login(page, OTHER_OWNER);
    await openScreen(page);
    // Barbearia do Paulo: weekdays 09:00–19:00, and none of the Studio's holidays.
    await expect(page.getByLabel("Abertura de Segunda-feira")).toHaveValue("09:00");
    await expect(page.getByTestId("holiday-item")).toHaveCount(0);
    await expect(page.getByText("Recesso do salão")).toHaveCount(0);
  });

  test("a change in one browser appears live in another, without losing what is being typed", async ({ browser }) => {
    const s = await salon();
    const a = await browser.newContext();
    const b = await browser.newContext();
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    await login(pageA, s.owner.email);
    await pageA.goto("/");
    await login(pageB, s.employee.email);
    await openScreen(pageA);
    await openScreen(pageB);
    // A reload would wipe this mark.
    await pageB.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await waitForRealtime(pageA);
    await waitForRealtime(pageB);

    // The week, while B has changed nothing: B's form follows.
    await pageA.getByRole("switch", { name: "Segunda-feira" }).click();
    await save(pageA);
    await toast(pageA, "Horários atualizados");
    await expect(pageB.getByRole("switch", { name: "Segunda-feira" })).not.toBeChecked({ timeout: 15_000 });
    await expect(pageB.getByText("Horários ainda não salvos")).toHaveCount(0);

    // Holidays, the holiday rule and the booking window.
    await pageA.getByRole("button", { name: "Adicionar feriado" }).click();
    await pageA.getByRole("dialog", { name: "Adicionar feriado" }).getByLabel("Nome do feriado *").fill("Ao vivo");
    await pickDate(pageA, inDays(12));
    await pageA.getByRole("dialog", { name: "Adicionar feriado" }).getByRole("button", { name: "Adicionar", exact: true }).click();
    await toast(pageA, "Feriado adicionado");
    await expect(pageB.getByTestId("holiday-item").filter({ hasText: "Ao vivo" })).toBeVisible({ timeout: 15_000 });
    await pageA.getByRole("switch", { name: "Funciona em feriados" }).click();
    await expect(pageB.getByRole("switch", { name: "Funciona em feriados" })).toBeChecked({ timeout: 15_000 });
    await pageA.getByRole("combobox", { name: "Janela de agendamento" }).click();
    await pageA.getByRole("option", { name: "60 dias" }).click();
    await expect(pageB.getByRole("combobox", { name: "Janela de agendamento" })).toContainText("60 dias", { timeout: 15_000 });

    // B is typing: A's next save does not overwrite it; B is told and chooses.
    await pageB.getByLabel("Fechamento de Terça-feira").fill("17:00");
    await pageA.getByRole("switch", { name: "Quarta-feira" }).click();
    await save(pageA);
    await toast(pageA, "Horários atualizados");
    await expect(pageB.getByTestId("hours-changed-elsewhere")).toContainText("Horários alterados por outro usuário", { timeout: 15_000 });
    await expect(pageB.getByLabel("Fechamento de Terça-feira")).toHaveValue("17:00");
    await expect(pageB.getByRole("switch", { name: "Quarta-feira" })).toBeChecked();
    await pageB.getByRole("button", { name: "Carregar alterações" }).click();
    await toast(pageB, "Dados atualizados");
    await expect(pageB.getByLabel("Fechamento de Terça-feira")).toHaveValue("19:00");
    await expect(pageB.getByRole("switch", { name: "Quarta-feira" })).not.toBeChecked();
    await expect(pageB.getByTestId("hours-changed-elsewhere")).toHaveCount(0);

    // A removal reaches B too.
    await pageA.getByRole("button", { name: "Remover feriado Ao vivo" }).click();
    await pageA.getByRole("alertdialog").getByRole("button", { name: "Remover" }).click();
    await expect(pageB.getByTestId("holiday-item")).toHaveCount(0, { timeout: 15_000 });
    expect(await pageB.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    await a.close();
    await b.close();
  });
});
