import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { formatDate } from "../lib/core/format/date";
import { monthRange } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { expectAccessible } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { barberVisit, createAccount, createBusiness, expectToast, login, sql, uid } from "./support";

/**
 * Issue 53, the commission statement and the day's closing: João's day (R$ 40,00 + R$ 4,50 and a
 * R$ 5,00 tip) on his statement; the owner sets the card fees, gives a vale, marks the month paid
 * (once: the same period again is refused in Portuguese) and downloads the CSV; João, the employee
 * linked to him, sees his own statement read-only; 'Fechamento do dia' per method and per
 * professional, and its CSV. At 1280 and at 390 px, each on a business of its own.
 */
const today = todayInBusiness();
const month = monthRange(today);

async function csvOf(page: Page, link: ReturnType<Page["getByRole"]>, fileName: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(file.suggestedFilename()).toBe(fileName);
  const text = fs.readFileSync(await file.path(), "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parse(text, { bom: true }) as string[][];
}

for (const width of [1280, 390] as const) {
  test(`João's statement: vale, marcar como pago, CSV; his own view; the day's closing (${width} px)`, async ({ browser }) => {
    const owner = await createAccount({ fullName: "Dono Barbearia" });
    const barber = await createAccount({ fullName: `João ${uid()}` });
    const businessId = await createBusiness({ name: `Barbearia ${uid()}`, ownerId: owner.id });
    const [joao] = await sql()<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, 'João') returning id`;
    await sql()`insert into professionals (business_id, name) values (${businessId}, 'Maria')`;
    await sql()`insert into user_business_roles (user_id, business_id, role, professional_id) values (${barber.id}, ${businessId}, 'employee', ${joao.id})`;
    await barberVisit(businessId, joao.id, today);
    const viewport = { width, height: width === 390 ? 844 : 800 };

    const ctx = await browser.newContext({ viewport, acceptDownloads: true });
    const page = await ctx.newPage();
    await login(page, owner.email);
    await page.goto(`/commissions?professional=${joao.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Comissões" })).toBeVisible();
    await expect(page.getByText(`João · ${formatDate(month.first)} a ${formatDate(month.last)}`)).toBeVisible();
    const total = (label: string) => page.locator("dl[aria-label='Totais'] div").filter({ has: page.getByText(label, { exact: true }) });
    await expect(total("Comissões")).toContainText("R$ 44,50");
    await expect(total("Gorjetas")).toContainText("R$ 5,00");
    await expect(total("A pagar")).toContainText("R$ 49,50");
    await expect(total("O salão fica com")).toContainText("R$ 80,50");
    const entries = page.getByRole("table", { name: "Lançamentos" });
    await expect(entries.getByRole("row").filter({ hasText: "Corte" })).toContainText("R$ 25,00");
    await expect(entries.getByRole("row").filter({ hasText: "Corte" })).toContainText("50%");
    await expect(entries.getByRole("row").filter({ hasText: "Pomada" })).toContainText("R$ 4,50");
    await expect(entries.getByRole("row").filter({ hasText: "Gorjeta" })).toContainText("R$ 5,00");

    // 'Taxas do cartão'.
    await page.getByRole("button", { name: "Editar taxas do cartão" }).click();
    let dialog = page.getByRole("dialog", { name: "Taxas do cartão" });
    await dialog.getByLabel("Taxa do débito (%)").fill("1,99");
    await dialog.getByLabel("Taxa do crédito (%)").fill("3,5");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Taxas do cartão salvas");
    await expect(page.getByText("Débito 1,99% · Crédito 3,5%")).toBeVisible();

    // 'Lançar vale'.
    await page.getByRole("button", { name: "Lançar vale" }).click();
    dialog = page.getByRole("dialog", { name: "Lançar vale" });
    await dialog.getByLabel("Valor (R$)").fill("20");
    await dialog.getByLabel("Motivo").fill("Adiantamento");
    await dialog.getByRole("button", { name: "Lançar vale" }).click();
    await expectToast(page, "Vale lançado");
    await expect(entries.getByRole("row").filter({ hasText: "Vale: Adiantamento" })).toContainText("-R$ 20,00");
    await expect(total("Vales")).toContainText("-R$ 20,00");
    await expect(total("A pagar")).toContainText("R$ 29,50");

    await expectAccessible(page, `/commissions extrato (${width} px)`);

    // 'Marcar como pago': the month, once.
    await page.getByRole("button", { name: "Marcar como pago" }).click();
    dialog = page.getByRole("dialog", { name: "Marcar como pago" });
    await expect(dialog).toContainText("R$ 29,50");
    await dialog.getByRole("button", { name: "Marcar como pago" }).click();
    await expectToast(page, "Período marcado como pago");
    await expect(page.getByRole("list", { name: "Pagamentos" })).toContainText(`Pago em ${formatDate(today)}`);
    await page.getByRole("button", { name: "Marcar como pago" }).click();
    dialog = page.getByRole("dialog", { name: "Marcar como pago" });
    await dialog.getByRole("button", { name: "Marcar como pago" }).click();
    await expectToast(page, "Não foi possível marcar como pago.", "Parte deste período já foi paga a este profissional.");
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    // The CSV.
    const rows = await csvOf(page, page.getByRole("link", { name: "Exportar CSV" }), `extrato_joao_${month.first}_${month.last}.csv`);
    expect(rows[0]).toEqual(["Data", "Tipo", "Descrição", "Base", "Taxa", "Valor", "Estorno"]);
    expect(rows).toContainEqual([formatDate(today), "Serviço", "Corte", "R$ 50,00", "50%", "R$ 25,00", ""]);
    expect(rows).toContainEqual([formatDate(today), "Vale", "Vale: Adiantamento", "'-R$ 20,00", "", "'-R$ 20,00", ""]);
    expect(rows).toContainEqual(["", "Total", "A pagar", "", "", "R$ 29,50", ""]);

    // João's own view: his statement, read-only.
    const empCtx = await browser.newContext({ viewport });
    const emp = await empCtx.newPage();
    await login(emp, barber.email);
    await emp.goto("/my-commissions");
    await expect(emp.getByRole("heading", { level: 1, name: "Minhas comissões" })).toBeVisible();
    await expect(emp.locator("dl[aria-label='Totais'] div").filter({ has: emp.getByText("A pagar", { exact: true }) })).toContainText("R$ 29,50");
    await expect(emp.getByRole("table", { name: "Lançamentos" }).getByRole("row").filter({ hasText: "Barba" })).toContainText("R$ 15,00");
    await expect(emp.getByRole("button", { name: "Lançar vale" })).toHaveCount(0);
    await expect(emp.getByText("O salão fica com", { exact: true })).toHaveCount(0);
    await expectAccessible(emp, `/my-commissions (${width} px)`);
    // Maria's, asked for by id: refused.
    const refused = await emp.request.get(`/api/commissions/statement/csv?business=${businessId}&professional=${(await sql()<{ id: string }[]>`select id from professionals where business_id = ${businessId} and name = 'Maria'`)[0].id}&from=${month.first}&to=${month.last}`);
    expect(refused.status()).toBe(403);
    await empCtx.close();

    // 'Fechamento do dia'.
    await page.goto("/reports/day-closing");
    await expect(page.getByRole("heading", { level: 1, name: "Fechamento do dia" })).toBeVisible();
    const method = (label: string) => page.locator("dl[aria-label='Por forma de pagamento'] div").filter({ has: page.getByText(label, { exact: true }) });
    await expect(method("Pix")).toContainText("R$ 60,00");
    await expect(method("Dinheiro")).toContainText("R$ 70,00");
    await expect(method("Total")).toContainText("R$ 130,00");
    await expect(page.getByText(/1 comanda fechada\./)).toBeVisible();
    const joaoRow = page.getByRole("table", { name: "Por profissional" }).getByRole("row").filter({ hasText: "João" });
    await expect(joaoRow).toContainText("R$ 80,00");
    await expect(joaoRow).toContainText("R$ 45,00");
    await expect(joaoRow).toContainText("R$ 44,50");
    await expectAccessible(page, `/reports/day-closing (${width} px)`);
    const day = await csvOf(page, page.getByRole("link", { name: "Exportar CSV" }), `fechamento_${today}.csv`);
    expect(day).toContainEqual(["Por forma de pagamento", "Pix", "R$ 60,00", "", "", "", ""]);
    expect(day).toContainEqual(["Por profissional", "João", "", "R$ 80,00", "R$ 45,00", "R$ 5,00", "R$ 44,50"]);
    // Another day: nothing.
    await page.getByRole("textbox", { name: "Dia", exact: true }).fill("2020-01-02");
    await page.getByRole("button", { name: "Ver dia" }).click();
    await expect(page.getByText("Nenhuma comanda fechada neste dia.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await ctx.close();
  });
}

test("an employee with no professional linked is told so", async ({ page }) => {
  const owner = await createAccount();
  const desk = await createAccount();
  const businessId = await createBusiness({ name: `Salão ${uid()}`, ownerId: owner.id });
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${desk.id}, ${businessId}, 'employee')`;
  await login(page, desk.email);
  await page.goto("/my-commissions");
  await expect(page.getByText("Nenhum profissional está vinculado a você, então não há extrato para mostrar. Peça ao proprietário do negócio.")).toBeVisible();
});
