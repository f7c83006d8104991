import { expect, test } from "./fixtures";
import { expectAccessible } from "./axe";
import { createAccount, createBusiness, expectToast, login, sql, uid, waitForRealtime } from "./support";

/**
 * 'Caixa' (issue 53): the owner opens the register with a float; a suprimento and a sangria (one
 * refused for more cash than there is, what was typed kept); the close shows expected beside counted
 * and the difference, and the closed register is listed with it. The employee can't open one and is
 * told whom to ask; each screen shows the other's change live (no reload). At 1280 and at 390 px,
 * each on a business of its own.
 */
for (const width of [1280, 390] as const) {
  test(`the owner opens, moves and closes the register; the employee is told to ask (${width} px)`, async ({ browser }) => {
    const owner = await createAccount({ fullName: "Dona Caixa" });
    const deskName = `Recepção ${uid()}`;
    const employee = await createAccount({ fullName: deskName });
    const businessId = await createBusiness({ name: `Salão Caixa ${uid()}`, ownerId: owner.id });
    await sql()`insert into user_business_roles (user_id, business_id, role) values (${employee.id}, ${businessId}, 'employee')`;
    const viewport = { width, height: width === 390 ? 844 : 800 };

    const empCtx = await browser.newContext({ viewport });
    const emp = await empCtx.newPage();
    await login(emp, employee.email);
    await emp.goto("/cash-register");
    await expect(emp.getByRole("heading", { level: 1, name: "Caixa" })).toBeVisible();
    await expect(emp.getByText("Nenhum caixa aberto.")).toBeVisible();
    await expect(emp.getByText("Peça ao proprietário do negócio para abrir o caixa.")).toBeVisible();
    await expect(emp.getByRole("button", { name: "Abrir caixa" })).toHaveCount(0);
    await waitForRealtime(emp);

    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await login(page, owner.email);
    await page.goto("/cash-register");
    await expect(page.getByText("Abra o caixa com o fundo de troco para receber pagamentos.")).toBeVisible();
    await expect(page.getByText("Nenhum caixa fechado ainda.")).toBeVisible();
    await waitForRealtime(page);

    await page.getByRole("button", { name: "Abrir caixa" }).click();
    let dialog = page.getByRole("dialog", { name: "Abrir caixa" });
    await dialog.getByLabel("Fundo de troco (R$)").fill("100");
    await dialog.getByRole("button", { name: "Abrir caixa" }).click();
    await expectToast(page, "Caixa aberto");
    const cash = page.locator("dl div").filter({ hasText: "Dinheiro" });
    await expect(cash).toContainText("R$ 100,00");
    await expect(page.getByText(/Desde .*, por Dona Caixa\. Fundo de troco: R\$ 100,00\./)).toBeVisible();

    // The employee's screen, open all along, shows the register; their suprimento shows on the owner's.
    await expect(emp.getByText("Caixa aberto", { exact: true })).toBeVisible();
    await expect(emp.getByRole("button", { name: "Fechar caixa" })).toHaveCount(0);
    await emp.getByRole("button", { name: "Suprimento" }).click();
    dialog = emp.getByRole("dialog", { name: "Suprimento" });
    await dialog.getByLabel("Valor (R$)").fill("70");
    await dialog.getByLabel("Motivo").fill("Troco do banco");
    await dialog.getByRole("button", { name: "Suprimento" }).click();
    await expectToast(emp, "Suprimento registrado");
    await expect(cash).toContainText("R$ 170,00");
    await expect(page.getByRole("table", { name: "Movimentações" }).getByRole("row").filter({ hasText: "Troco do banco" })).toContainText(deskName);

    // More than the drawer holds: refused, with the amount there is, and nothing typed lost.
    await page.getByRole("button", { name: "Sangria" }).click();
    dialog = page.getByRole("dialog", { name: "Sangria" });
    await expect(dialog.getByText("Há R$ 170,00 em dinheiro.", { exact: false })).toBeVisible();
    await dialog.getByLabel("Valor (R$)").fill("500");
    await dialog.getByLabel("Motivo").fill("Depósito no banco");
    await dialog.getByRole("button", { name: "Sangria" }).click();
    await expect(dialog.getByText("A sangria é maior que o dinheiro no caixa: há R$ 170,00.")).toBeVisible();
    await expect(dialog.getByLabel("Motivo")).toHaveValue("Depósito no banco");
    await dialog.getByLabel("Valor (R$)").fill("20");
    await dialog.getByRole("button", { name: "Sangria" }).click();
    await expectToast(page, "Sangria registrada");
    await expect(cash).toContainText("R$ 150,00");
    const moves = page.getByRole("table", { name: "Movimentações" });
    await expect(moves.getByRole("row").filter({ hasText: "Depósito no banco" })).toContainText("-R$ 20,00");
    await expect(moves.getByRole("row").filter({ hasText: "Fundo de troco" })).toContainText("R$ 100,00");

    await expectAccessible(page, `/cash-register (${width} px)`);

    await page.getByRole("button", { name: "Fechar caixa" }).click();
    dialog = page.getByRole("dialog", { name: "Fechar caixa" });
    await dialog.getByLabel("Dinheiro (R$)").fill("145");
    await expect(dialog.getByText("Esperado: R$ 150,00 · Diferença: -R$ 5,00")).toBeVisible();
    await dialog.getByRole("button", { name: "Fechar caixa" }).click();
    await expectToast(page, "Caixa fechado");
    await expect(page.getByText("Nenhum caixa aberto.")).toBeVisible();
    const closed = page.getByRole("table", { name: "Caixas fechados" });
    await expect(closed.getByRole("row").filter({ hasText: "Dona Caixa" })).toContainText("Diferença -R$ 5,00");

    const [audit] = await sql()<{ description: string }[]>`
      select description from audit_logs where business_id = ${businessId} and entity_type = 'cash_register' order by created_at desc limit 1`;
    expect(audit.description).toBe("Caixa fechado com diferença: Dinheiro -R$ 5,00");
    await expect(emp.getByText("Nenhum caixa aberto.")).toBeVisible();
    await ctx.close();
    await empCtx.close();
  });
}
