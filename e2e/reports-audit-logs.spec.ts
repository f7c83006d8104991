import fs from "node:fs";
import { todayInBusiness } from "../lib/core/time/business-time";
import { expect, test, type Page } from "./fixtures";
import { parse } from "csv-parse/sync";
import { EMPLOYEE, login, OTHER_OWNER, sql } from "./support";
import { salon, studioId, toast } from "./reports-fixtures";

/**
 * Logs de Auditoria on a salon of its own: texts, every filter (period edges in the business zone),
 * details as text, keyset pages, and the CSV file parsed. Plus who is sent away.
 */

const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
const rows = (page: Page) => page.getByRole("table", { name: "Logs de auditoria" }).locator("tbody tr");
const total = (page: Page) => page.getByTestId("list-total");

type Salon = Awaited<ReturnType<typeof salon>>;

/** The instant of a wall-clock time in Cuiabá (UTC−4 all year). */
const cuiaba = (ymd: string, hms: string, ms = 0) => new Date(new Date(`${ymd}T${hms}-04:00`).getTime() + ms);

async function log(s: Salon, at: Date, action: string, entity: string, userId: string | null, description: string, oldValues: unknown = null, newValues: unknown = null) {
  await sql()`
    insert into audit_logs (business_id, created_at, action_type, entity_type, user_id, description, old_values, new_values)
    values (${s.id}, ${at}, ${action}, ${entity}, ${userId}, ${description}, ${oldValues === null ? null : sql().json(oldValues as never)}, ${newValues === null ? null : sql().json(newValues as never)})`;
}

/** Creates the client through the Clientes screen, as a person would: its audit row carries the name. */
async function createClientOnScreen(page: Page, name: string) {
  await page.goto("/clients");
  await page.getByRole("button", { name: "Novo Cliente" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
  await dialog.getByLabel("Nome *").fill(name);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await toast(page, "Cliente criado com sucesso!");
}

async function openLogs(page: Page, query = "") {
  await page.goto(`/reports/audit-logs${query}`);
  await expect(page.getByRole("heading", { name: "Logs de Auditoria", level: 1 })).toBeVisible();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function apply(page: Page, url: RegExp) {
  await page.getByRole("button", { name: "Aplicar Filtros" }).click();
  await expect(page).toHaveURL(url);
}

async function clear(page: Page) {
  await page.getByRole("button", { name: "Limpar Filtros" }).click();
  await expect(page).toHaveURL(/\/reports\/audit-logs$/);
}

/** The 10th and the 12th of the current month in the business zone. */
function periodDays() {
  const [y, m] = todayInBusiness().split("-");
  return { a: `${y}-${m}-10`, b: `${y}-${m}-12`, month: MONTHS[Number(m) - 1], year: y };
}

test("texts, every filter on the server (period edges in Cuiabá), details as text", async ({ page }) => {
  const s = await salon();
  const silva = `Silva, "Zé" ${s.t}`;
  await login(page, s.owner.email);
  await createClientOnScreen(page, silva);
  const now = Date.now();
  await log(s, new Date(now - 3600_000), "UPDATE", "service", s.employee.id, `=HYPERLINK("http://exemplo.com","clique") ${s.t}`, { duration_minutes: 30 }, { duration_minutes: 45 });
  await log(s, new Date(now - 7200_000), "DELETE", "appointment", s.employee.id, "Agendamento de Ana excluído", { status: "cancelado" });
  await log(s, new Date(now - 9000_000), "UPDATE", "client", s.owner.id, `<b>negrito</b> ${s.t}`, { html: "<img src=x onerror=alert(1)>" }, { html: "<script>alert(1)</script>" });
  const { a, b, month, year } = periodDays();
  const nextDay = new Date(new Date(`${b}T12:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  await log(s, cuiaba(a, "00:00:00", -1), "CREATE", "professional", s.owner.id, "Antes do período");
  await log(s, cuiaba(a, "00:00:00"), "CREATE", "professional", s.owner.id, "Início do período");
  await log(s, cuiaba(b, "23:59:59", 999), "CREATE", "professional", s.owner.id, "Fim do período");
  await log(s, cuiaba(nextDay, "00:00:00"), "CREATE", "professional", s.owner.id, "Depois do período");

  await openLogs(page);
  await expect(page.getByText("Monitore as ações dos colaboradores do seu negócio")).toBeVisible();
  for (const h of ["Data/Hora", "Usuário", "Ação", "Entidade", "Descrição"]) await expect(page.getByRole("columnheader", { name: h })).toBeVisible();
  await expect(total(page)).toHaveText("8 registros");
  await expect(rows(page).filter({ hasText: `Cliente "${silva}" criado` })).toContainText(`Dona ${s.t}`);
  await expect(rows(page).filter({ hasText: `Cliente "${silva}" criado` })).toContainText("Criação");
  // Markup in a description is text.
  await expect(rows(page).filter({ hasText: `<b>negrito</b> ${s.t}` })).toBeVisible();
  await expect(page.locator("tbody b")).toHaveCount(0);

  // Ação, with Portuguese labels.
  await choose(page, "Ação", "Exclusão");
  await apply(page, /action=DELETE/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText("Exclusão");
  await expect(rows(page)).toContainText("Agendamento de Ana excluído");
  await clear(page);
  await expect(total(page)).toHaveText("8 registros");
  await expect(page.getByLabel("Ação", { exact: true })).toHaveText("Todas as ações");

  // Entidade.
  await choose(page, "Entidade", "Cliente");
  await apply(page, /entity=client/);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole("table").getByText("Cliente", { exact: true })).toHaveCount(2);
  await choose(page, "Entidade", "Serviço");
  await apply(page, /entity=service/);
  await expect(rows(page)).toHaveCount(1);
  await clear(page);

  // Usuário: the business's users.
  await page.getByLabel("Usuário", { exact: true }).click();
  await expect(page.getByRole("option")).toHaveText(["Todos os usuários", `Ajudante ${s.t}`, `Dona ${s.t}`]);
  await page.getByRole("option", { name: `Ajudante ${s.t}` }).click();
  await apply(page, new RegExp(`user=${s.employee.id}`));
  await expect(rows(page)).toHaveCount(2);
  await expect(total(page)).toHaveText("2 registros");
  await clear(page);

  // Text, on the server: description (accents ignored), user name, user e-mail.
  const search = page.getByLabel("Buscar", { exact: true });
  await search.fill("SILVA");
  await apply(page, /q=SILVA/);
  await expect(rows(page)).toHaveCount(1);
  await search.fill("periodo");
  await search.press("Enter");
  await expect(page).toHaveURL(/q=periodo/);
  await expect(rows(page)).toHaveCount(4);
  await search.fill(s.employee.email);
  await apply(page, /q=relatorios-employee/);
  await expect(rows(page)).toHaveCount(2);
  await search.fill(`Ajudante ${s.t}`);
  await apply(page, /q=Ajudante/);
  await expect(rows(page)).toHaveCount(2);
  await search.fill(`nada disso ${s.t}`);
  await apply(page, /q=nada/);
  await expect(page.getByText("Nenhum log encontrado com os filtros aplicados.")).toBeVisible();
  await clear(page);

  // Período: two months shown; the 10th from 00:00 to the 12th at 23:59:59.999 in Cuiabá.
  await page.getByLabel("Período", { exact: true }).click();
  const grids = page.getByRole("grid");
  await expect(grids).toHaveCount(2);
  await grids.first().getByRole("button", { name: new RegExp(`\\b10 de ${month} de ${year}`) }).click();
  await grids.first().getByRole("button", { name: new RegExp(`\\b12 de ${month} de ${year}`) }).click();
  await page.getByRole("button", { name: "Concluir" }).click();
  await expect(page.getByLabel("Período", { exact: true })).toHaveText(`${a.split("-").reverse().join("/").slice(0, 5)} – ${b.split("-").reverse().join("/")}`);
  await apply(page, new RegExp(`from=${a}&to=${b}`));
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0)).toContainText("Fim do período");
  await expect(rows(page).nth(0)).toContainText(`${b.split("-").reverse().join("/")} 23:59:59`);
  await expect(rows(page).nth(1)).toContainText("Início do período");
  await expect(rows(page).nth(1)).toContainText(`${a.split("-").reverse().join("/")} 00:00:00`);
  // Filters combine, and survive a reload (they are the URL).
  await choose(page, "Ação", "Atualização");
  await apply(page, /action=UPDATE/);
  await expect(page.getByText("Nenhum log encontrado com os filtros aplicados.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Nenhum log encontrado com os filtros aplicados.")).toBeVisible();
  await expect(page.getByLabel("Ação", { exact: true })).toHaveText("Atualização");
  await clear(page);

  // Detalhes: date, user, action, entity, description and the values as formatted JSON text.
  await rows(page).filter({ hasText: `Cliente "${silva}" criado` }).getByRole("button", { name: /Ver detalhes/ }).click();
  let details = page.getByRole("dialog", { name: "Detalhes do Log" });
  await expect(details).toContainText(`Cliente "${silva}" criado`);
  await expect(details).toContainText(`Dona ${s.t}`);
  await expect(details).toContainText("Criação");
  await expect(details).toContainText("Novos Valores");
  await expect(details).not.toContainText("Valores Anteriores");
  await expect(details.locator("pre")).toContainText(`"name": "Silva, \\"Zé\\" ${s.t}"`);
  await details.getByRole("button", { name: "Fechar" }).click();
  await rows(page).filter({ hasText: `<b>negrito</b> ${s.t}` }).getByRole("button", { name: /Ver detalhes/ }).click();
  details = page.getByRole("dialog", { name: "Detalhes do Log" });
  await expect(details.locator("pre").first()).toHaveText('{\n  "html": "<img src=x onerror=alert(1)>"\n}');
  await expect(details.locator("img, script")).toHaveCount(0);
});

test("on a phone each entry is a card of the one table: no header row, no sideways scroll, details open", async ({ page }) => {
  const s = await salon();
  await log(s, new Date(Date.now() - 3600_000), "UPDATE", "service", s.employee.id, `Serviço alterado ${s.t}`, { duration_minutes: 30 }, { duration_minutes: 45 });
  await log(s, new Date(Date.now() - 7200_000), "DELETE", "appointment", null, `Agendamento excluído ${s.t}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, s.owner.email);
  await openLogs(page);
  await expect(rows(page)).toHaveCount(2);
  // The entries are rendered once: one table, no second list.
  await expect(page.getByText(`Serviço alterado ${s.t}`)).toHaveCount(1);
  await expect(page.getByRole("columnheader", { name: "Data/Hora" })).not.toBeInViewport();
  const card = rows(page).first();
  await expect(card).toContainText("Atualização");
  await expect(card).toContainText(`Ajudante ${s.t}`);
  const box = (await card.boundingBox())!;
  expect(box.width).toBeGreaterThan(300);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.getByRole("button", { name: /Ver detalhes/ }).click();
  await expect(page.getByRole("dialog", { name: "Detalhes do Log" })).toContainText(`Serviço alterado ${s.t}`);
});

test("Exportar CSV: every matching entry, parsed (a client named Silva, \"Zé\", a description starting with =)", async ({ page }) => {
  const s = await salon();
  const silva = `Silva, "Zé" ${s.t}`;
  await login(page, s.owner.email);
  await createClientOnScreen(page, silva);
  await log(s, new Date(Date.now() - 3600_000), "UPDATE", "service", s.employee.id, `=HYPERLINK("http://exemplo.com","clique") ${s.t}`);
  await log(s, new Date(Date.now() - 7200_000), "DELETE", "appointment", null, "linha 1\nlinha 2, com vírgula");
  await openLogs(page);
  await expect(total(page)).toHaveText("3 registros");

  const download = async () => {
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
    expect(file.suggestedFilename()).toBe(`logs_auditoria_${todayInBusiness()}.csv`);
    const text = fs.readFileSync(await file.path(), "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    return parse(text, { bom: true }) as string[][];
  };
  const all = await download();
  expect(all[0]).toEqual(["Data", "Usuário", "Ação", "Entidade", "Descrição"]);
  expect(all).toHaveLength(4);
  const dateRe = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;
  const [created] = await sql()<{ at: Date }[]>`select created_at as at from audit_logs where business_id = ${s.id} and entity_type = 'client'`;
  const wall = new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Cuiaba", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
  }).format(created.at).replace(",", "");
  expect(all[1]).toEqual([wall, `Dona ${s.t}`, "Criação", "Cliente", `Cliente "${silva}" criado`]);
  expect(all[1][0]).toMatch(dateRe);
  expect(all[2]).toEqual([expect.stringMatching(dateRe), `Ajudante ${s.t}`, "Atualização", "Serviço", `'=HYPERLINK("http://exemplo.com","clique") ${s.t}`]);
  expect(all[3]).toEqual([expect.stringMatching(dateRe), "Sistema", "Exclusão", "Agendamento", "linha 1\nlinha 2, com vírgula"]);

  // The applied filters only.
  await choose(page, "Entidade", "Cliente");
  await apply(page, /entity=client/);
  const clientsOnly = await download();
  expect(clientsOnly.map((r) => r[4])).toEqual(["Descrição", `Cliente "${silva}" criado`]);
});

test("every entry once, 50 a page, newest first, forward and back, filters kept", async ({ page }) => {
  const s = await salon();
  await sql()`
    insert into audit_logs (business_id, created_at, action_type, entity_type, user_id, description)
    select ${s.id}, now() - (g * interval '1 minute'), 'UPDATE', 'client', ${s.owner.id}, 'Registro ' || lpad((121 - g)::text, 3, '0')
    from generate_series(1, 120) g`;
  await log(s, new Date(Date.now() - 10 * 86_400_000), "DELETE", "client", s.owner.id, "Outro assunto");
  await login(page, s.owner.email);
  await openLogs(page, "?q=registro");
  await expect(total(page)).toHaveText("120 registros");
  const descriptions = () => rows(page).locator("td:nth-child(5)").allTextContents();
  const pages: string[][] = [];
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByRole("button", { name: "Mais recentes" })).toBeDisabled();
  pages.push(await descriptions());
  for (const expected of [50, 20]) {
    await page.getByRole("link", { name: "Mais antigos" }).click();
    await expect(page).toHaveURL(/q=registro&after=/);
    await expect(rows(page)).toHaveCount(expected);
    pages.push(await descriptions());
  }
  await expect(page.getByRole("button", { name: "Mais antigos" })).toBeDisabled();
  const seen = pages.flat();
  expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `Registro ${String(120 - i).padStart(3, "0")}`));
  await page.getByRole("link", { name: "Mais recentes" }).click();
  await expect(page).toHaveURL(/before=/);
  await expect(rows(page).first()).toContainText("Registro 070");
  await page.getByRole("link", { name: "Mais recentes" }).click();
  await expect(rows(page).first()).toContainText("Registro 120");
  await expect(page.getByRole("button", { name: "Mais recentes" })).toBeDisabled();
});

test("employees are sent away from every report; the CSV route refuses them and other businesses' owners", async ({ page }) => {
  await login(page, EMPLOYEE);
  for (const path of ["/reports/conversations", "/reports/clients", "/reports/audit-logs", "/reports/dashboard", "/business-profile"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/appointments$/);
  }
  const studio = await studioId();
  const res = await page.request.get(`/api/reports/audit-logs/csv?business=${studio}`);
  expect(res.status()).toBe(403);
  expect(res.headers()["content-type"]).toContain("application/json");
  expect(await res.json()).toEqual({ error: "Você não tem permissão para esta ação." });

  // The employee's agenda is closed first: left open, its live reads (the days joining after
  // hydration ask the waitlist's counts again) would go out with the other owner's cookie and be
  // refused, as they must be, logging a 403.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await login(page, OTHER_OWNER);
  const other = await page.request.get(`/api/reports/audit-logs/csv?business=${studio}`);
  expect(other.status()).toBe(403);
  expect(await other.text()).not.toContain("Carla Mendes");
  // Their own logs never show the studio's.
  await openLogs(page);
  await expect(page.getByText("Carla Mendes")).toHaveCount(0);

  await page.context().clearCookies();
  const anonymous = await page.request.get(`/api/reports/audit-logs/csv?business=${studio}`);
  expect(anonymous.status()).toBe(401);
});
