import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import { formatBRL } from "../lib/core/format/money";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { EMPLOYEE, login, OTHER_OWNER, OWNER, sql, waitForRealtime } from "./support";

const LABELS = [
  "Clientes", "Serviços", "Agendamentos", "Conversas", "Agendamentos hoje", "Próximos 7 dias",
  "Faturamento total", "Faturamento hoje", "Valor médio por serviço", "Taxa de ocupação hoje", "Taxa de faltas", "Pendentes antigos",
];

async function businessId(name: string) {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = ${name}`;
  return b.id;
}

/** The figures as the spec defines them, straight from the database (another path than the page's query). */
async function expected(business: string) {
  const today = todayInBusiness();
  const [r] = await sql()<{ clients: string; services: string; appointments: string; conversations: string; today: string; next7: string; revenue: string; average: string | null }[]>`
    select
      (select count(*) from clients where business_id = ${business}) as clients,
      (select count(*) from services where business_id = ${business}) as services,
      (select count(*) from appointments where business_id = ${business}) as appointments,
      (select count(*) from conversations where business_id = ${business}) as conversations,
      (select count(*) from appointments where business_id = ${business} and date = ${today}) as today,
      (select count(*) from appointments where business_id = ${business} and date >= ${today} and date <= ${addDays(today, 7)}) as next7,
      (select coalesce(sum(ps.price), 0) from appointment_services s
         join appointments a on a.id = s.appointment_id and a.status_id in (2, 4)
         join professional_services ps on (ps.professional_id, ps.service_id) = (s.professional_id, s.service_id)
        where s.business_id = ${business}) as revenue,
      (select avg(price) from professional_services where business_id = ${business} and price is not null) as average`;
  const n = (v: string) => Number(v).toLocaleString("pt-BR");
  return {
    Clientes: n(r.clients),
    "Serviços": n(r.services),
    Agendamentos: n(r.appointments),
    Conversas: n(r.conversations),
    "Agendamentos hoje": n(r.today),
    "Próximos 7 dias": n(r.next7),
    "Faturamento total": formatBRL(r.revenue),
    "Valor médio por serviço": r.average === null ? "—" : formatBRL(Math.round(Number(r.average) * 100) / 100),
  };
}

const card = (page: Page, label: string) => page.getByRole("region", { name: "Indicadores" }).locator("div").filter({ has: page.getByRole("heading", { name: label, exact: true }) }).first();

async function open(page: Page) {
  await page.goto("/reports/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

test.describe("Dashboard", () => {
  test("cards, charts, quick summary, system status and the audit card", async ({ page }) => {
    await login(page, OWNER);
    await open(page);
    await expect(page.getByText("Visão geral de Studio Bela Vista")).toBeVisible();
    for (const label of LABELS) await expect(page.getByRole("heading", { name: label, exact: true })).toBeVisible();

    // The figures are the database's, whatever other tests booked meanwhile (read again until they agree).
    const studio = await businessId("Studio Bela Vista");
    await expect(async () => {
      await open(page);
      const want = await expected(studio);
      for (const [label, value] of Object.entries(want)) await expect(card(page, label).locator("p").first()).toHaveText(value, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card(page, "Taxa de ocupação hoje").locator("p").first()).toHaveText(/^\d{1,3}%$/);

    for (const chart of ["chart-appointments", "chart-revenue"]) {
      await expect(page.getByTestId(chart).getByTestId("chart-plot")).toBeVisible();
      expect(await page.getByTestId(chart).locator("[data-bar]").count()).toBeGreaterThan(0);
    }
    await expect(page.getByRole("heading", { name: "Agendamentos por dia" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Faturamento por dia" })).toBeVisible();

    await expect(page.getByRole("heading", { name: "Resumo rápido do dia" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Status do sistema" })).toBeVisible();
    await expect(page.getByText("Operacional")).toBeVisible();
    await expect(page.getByText("America/Cuiaba")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Logs de Auditoria" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver logs de auditoria" })).toHaveAttribute("href", "/reports/audit-logs");
  });

  test("a chart's tooltip shows the day's figures, by mouse and by keyboard", async ({ page }) => {
    await login(page, OWNER);
    await open(page);
    const chart = page.getByTestId("chart-revenue").getByTestId("chart-plot");
    await expect(chart).toBeVisible();
    // Below the twelve cards: a pointer only reaches it once it is on screen.
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    const tip = page.getByTestId("chart-revenue").getByTestId("chart-tooltip");
    await expect(tip).toBeVisible();
    // The last column is today.
    const today = todayInBusiness().split("-").reverse().join("/");
    await expect(tip).toContainText(new RegExp(`^${today}Faturamento\\s*R\\$ \\d`));
    await page.mouse.move(0, 0);
    await expect(tip).toBeHidden();

    const appointments = page.getByTestId("chart-appointments");
    await appointments.getByTestId("chart-plot").focus();
    const keyTip = appointments.getByTestId("chart-tooltip");
    await expect(keyTip).toContainText(new RegExp(`^${today}Confirmados\\s*\\d+Outros status\\s*\\d+$`));
    await page.keyboard.press("ArrowLeft");
    const yesterday = addDays(todayInBusiness(), -1).split("-").reverse().join("/");
    await expect(keyTip).toContainText(yesterday);
    await page.keyboard.press("Home");
    await expect(keyTip).not.toContainText(yesterday);
    await page.keyboard.press("Escape");
    await expect(keyTip).toBeHidden();
  });

  test("live: a booking for today made elsewhere updates the figures", async ({ page }) => {
    await login(page, OTHER_OWNER);
    await open(page);
    const barber = await businessId("Barbearia do Paulo");
    await waitForRealtime(page);
    const before = Number((await card(page, "Agendamentos hoje").locator("p").first().textContent())?.replace(/\D/g, ""));
    const [client] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${barber}, ${`Ao vivo ${randomUUID().slice(0, 6)}`}) returning id`;
    // 23:59, so it never collides with another booking of the client or a professional.
    const [a] = await sql()<{ id: string }[]>`
      insert into appointments (business_id, client_id, date, time) values (${barber}, ${client.id}, ${todayInBusiness()}, '23:59') returning id`;
    try {
      await expect(card(page, "Agendamentos hoje").locator("p").first()).toHaveText(String(before + 1), { timeout: 10_000 });
    } finally {
      await sql()`delete from appointments where id = ${a.id}`;
      await sql()`delete from clients where id = ${client.id}`;
    }
  });

  test("'Atualizar' reads the figures again", async ({ page }) => {
    await login(page, OWNER);
    await open(page);
    const stamp = page.getByText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
    await expect(stamp).toBeVisible();
    await page.getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByRole("button", { name: "Atualizar" })).toBeEnabled();
    await expect(page.getByText("Operacional")).toBeVisible();
  });

  test("an employee is sent away, and the menu doesn't offer it", async ({ page }) => {
    await login(page, EMPLOYEE);
    await page.goto("/reports/dashboard");
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });

  test("on a phone (390 px) nothing overflows", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, OWNER);
    await open(page);
    await expect(page.getByTestId("chart-appointments").getByTestId("chart-plot")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
