import { allowConsoleErrors, expect, test } from "./fixtures";
import { expectAccessible } from "./axe";
import { createAccount, createBusiness, expectToast, login, sql, uid } from "./support";
import type { Page } from "@playwright/test";

/**
 * The comanda (issue 53, "Done when"): barber João (50 % on services, 10 % on products) does Corte
 * + Barba (R$ 80) and sells a pomada (R$ 45) on a 'Nova venda' for a client; the close warns while
 * no register is open; the client pays R$ 60 by Pix and R$ 70 in cash and the R$ 5 change stays as
 * João's tip; the comanda closes at balance zero, João's commission is R$ 40,00 + R$ 4,50 and his
 * tip R$ 5,00, the register expects the R$ 100 float + R$ 70 in cash and the pomada's stock is one
 * less; João's rate changes and the day's statement does not. The owner's 'Estornar' (with its
 * reason) brings it all back, with both entries visible (the comanda, the register, the statement). At
 * 1280 and at 390 px (no sideways scroll), each on a business of its own.
 */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const width of [1280, 390] as const) {
  test(`a comanda from 'Nova venda' to its close and its reversal (${width} px)`, async ({ browser }) => {
    const owner = await createAccount({ fullName: "Dono Barbearia" });
    const businessId = await createBusiness({ name: `Barbearia ${uid()}`, ownerId: owner.id });
    const employee = await createAccount({ fullName: `Recepção ${uid()}` });
    const db = sql();
    await db`insert into user_business_roles (user_id, business_id, role) values (${employee.id}, ${businessId}, 'employee')`;
    const [joao] = await db<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, 'João Barbeiro') returning id`;
    for (const [name, price] of [["Corte", "50.00"], ["Barba", "30.00"]] as const) {
      const [s] = await db<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, ${name}, 30) returning id`;
      await db`insert into professional_services (professional_id, service_id, business_id, price) values (${joao.id}, ${s.id}, ${businessId}, ${price})`;
    }
    await db`insert into professional_commissions (professional_id, business_id, services_kind, services_value, products_kind, products_value)
             values (${joao.id}, ${businessId}, 'percent', 5000, 'percent', 1000)`;
    const [pomada] = await db<{ id: string }[]>`insert into products (business_id, name, price_cents) values (${businessId}, 'Pomada modeladora', 4500) returning id`;
    await db`insert into product_stock_movements (business_id, product_id, kind, quantity, reason) values (${businessId}, ${pomada.id}, 'purchase', 5, 'Compra')`;
    await db`insert into clients (business_id, name, phone) values (${businessId}, 'Carlos Cliente', '65999990000')`;

    const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const page = await ctx.newPage();
    await login(page, owner.email);

    // 'Comandas': none open yet; 'Nova venda' for Carlos opens the comanda's page.
    await page.goto("/comandas");
    await expect(page.getByRole("heading", { level: 1, name: "Comandas" })).toBeVisible();
    await expect(page.getByText("Nenhuma comanda aberta.")).toBeVisible();
    await expect(page.getByText("Abra uma comanda pelo agendamento ou comece uma nova venda.")).toBeVisible();
    await expect(page.getByText("Nenhuma comanda fechada ainda.")).toBeVisible();
    await page.getByRole("button", { name: "Nova venda" }).click();
    let dialog = page.getByRole("dialog", { name: "Nova venda" });
    await dialog.getByRole("combobox", { name: "Cliente (opcional)" }).fill("carlos");
    await dialog.getByRole("option", { name: /Carlos Cliente/ }).click();
    await dialog.getByRole("button", { name: "Abrir venda" }).click();
    await page.waitForURL(/\/comandas\/[0-9a-f-]{36}$/);
    const comandaUrl = page.url();
    const comandaId = comandaUrl.split("/").pop()!;
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Comanda · Carlos Cliente");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Aberta");
    await expect(page.getByText("Nenhum item na comanda.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Fechar comanda" })).toBeDisabled();
    await expect(page.getByText("Nenhum caixa aberto. Abra o caixa para receber pagamentos.")).toBeVisible();

    // Corte and Barba with João (the only one who offers them) at his prices, and the pomada he sold.
    for (const service of ["Corte", "Barba"]) {
      await page.getByRole("combobox", { name: "Adicionar serviço" }).click();
      await page.getByRole("option", { name: service, exact: true }).click();
    }
    await page.getByRole("combobox", { name: "Adicionar produto" }).click();
    await page.getByRole("option", { name: "Pomada modeladora · R$ 45,00 · 5 em estoque" }).click();
    const corte = page.getByRole("group", { name: "Corte" });
    await expect(corte.getByLabel("Preço (R$)")).toHaveValue("50,00");
    await expect(corte.getByRole("combobox", { name: "Profissional" })).toHaveText("João Barbeiro");
    await expect(page.getByRole("group", { name: "Barba" }).getByLabel("Preço (R$)")).toHaveValue("30,00");
    const product = page.getByRole("group", { name: "Pomada modeladora" });
    await expect(product.getByLabel("Preço (R$)")).toHaveValue("45,00");
    await expect(product.getByRole("combobox", { name: "Profissional" })).toHaveText("João Barbeiro");
    const figures = page.getByTestId("comanda-figures");
    await expect(figures).toContainText("SubtotalR$ 125,00");
    await expect(figures).toContainText("TotalR$ 125,00");
    // The live figures follow what is typed (a 10 % discount on the pomada), and 'Fechar comanda' waits for the save.
    await product.getByRole("combobox", { name: "Tipo de desconto" }).click();
    await page.getByRole("option", { name: "%", exact: true }).click();
    await product.getByRole("textbox", { name: "Valor do desconto" }).fill("10");
    await expect(figures).toContainText("Descontos-R$ 4,50");
    await expect(figures).toContainText("TotalR$ 120,50");
    await expect(page.getByRole("button", { name: "Fechar comanda" })).toBeDisabled();
    await expect(page.getByText("Salve a comanda antes de fechar.")).toBeVisible();
    await product.getByRole("combobox", { name: "Tipo de desconto" }).click();
    await page.getByRole("option", { name: "Sem desconto" }).click();
    await expect(figures).toContainText("TotalR$ 125,00");
    if (width === 390) expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByRole("button", { name: "Salvar comanda" }).click();
    await expectToast(page, "Comanda salva");
    await expect(page.getByRole("button", { name: "Fechar comanda" })).toBeEnabled();
    await expectAccessible(page, `/comandas/[id] aberta (${width} px)`);

    // The owner opens the register with R$ 100 of float.
    await page.goto("/cash-register");
    await page.getByRole("button", { name: "Abrir caixa" }).click();
    dialog = page.getByRole("dialog", { name: "Abrir caixa" });
    await dialog.getByLabel("Fundo de troco (R$)").fill("100");
    await dialog.getByRole("button", { name: "Abrir caixa" }).click();
    await expectToast(page, "Caixa aberto");

    // The open list shows it, a sale without an appointment.
    await page.goto("/comandas");
    const openRow = page.getByRole("table", { name: "Comandas abertas" }).getByRole("row").filter({ hasText: "Carlos Cliente" });
    await expect(openRow).toContainText("Venda avulsa");
    await expect(openRow).toContainText("3 itens");

    // Fechar comanda: R$ 60 by Pix, R$ 70 in cash; the R$ 5 change stays as João's tip.
    await openRow.getByRole("link", { name: "Carlos Cliente" }).click();
    await page.waitForURL(comandaUrl);
    await expect(page.getByText("Nenhum caixa aberto. Abra o caixa para receber pagamentos.")).toHaveCount(0);
    await page.getByRole("button", { name: "Fechar comanda" }).click();
    dialog = page.getByRole("dialog", { name: "Fechar comanda" });
    const first = dialog.getByRole("group", { name: "Pagamento 1" });
    await first.getByRole("combobox", { name: "Forma de pagamento" }).click();
    await page.getByRole("option", { name: "Pix", exact: true }).click();
    await first.getByLabel("Valor (R$)").fill("60");
    const settlement = dialog.getByTestId("settlement");
    await expect(settlement).toContainText("FaltaR$ 65,00");
    await dialog.getByRole("button", { name: "Adicionar pagamento" }).click();
    const second = dialog.getByRole("group", { name: "Pagamento 2" });
    await expect(second.getByRole("combobox", { name: "Forma de pagamento" })).toHaveText("Dinheiro");
    await expect(second.getByLabel("Valor (R$)")).toHaveValue("65,00");
    await second.getByLabel("Valor (R$)").fill("70");
    await expect(settlement).toContainText("TotalR$ 125,00");
    await expect(settlement).toContainText("PagoR$ 130,00");
    await expect(settlement).toContainText("FaltaR$ 0,00");
    await expect(settlement).toContainText("TrocoR$ 5,00");
    await expect(dialog.getByRole("radio", { name: "Devolver o troco" })).toBeChecked();
    await dialog.getByRole("radio", { name: "Deixar o troco como gorjeta para" }).check();
    await expect(dialog.getByRole("combobox", { name: "Deixar o troco como gorjeta para" })).toHaveText("João Barbeiro");
    if (width === 390) expect(await noSidewaysScroll(page)).toBe(true);
    await dialog.getByRole("button", { name: "Fechar comanda" }).click();
    await expectToast(page, "Comanda fechada");
    await expect(dialog).toBeHidden();

    // Closed: read-only, at balance zero, with who closed it.
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Paga");
    await expect(figures).toContainText("GorjetasR$ 5,00");
    await expect(figures).toContainText("TotalR$ 130,00");
    const payments = page.getByRole("table", { name: "Pagamentos" });
    await expect(payments.getByRole("row").filter({ hasText: "Pix" })).toContainText("R$ 60,00");
    await expect(payments.getByRole("row").filter({ hasText: "Dinheiro" })).toContainText("R$ 70,00");
    await expect(page.getByText(/Fechada em .* por Dono Barbearia\./)).toBeVisible();
    await expect(page.getByRole("button", { name: "Salvar comanda" })).toHaveCount(0);
    const commissions = await db<{ kind: string; cents: number }[]>`
      select kind, sum(cents)::int as cents from commission_entries where comanda_id = ${comandaId} and professional_id = ${joao.id} group by kind order by kind`;
    expect(commissions).toEqual([{ kind: "product", cents: 450 }, { kind: "service", cents: 4000 }, { kind: "tip", cents: 500 }]);

    // The register expects the float + R$ 70 in cash (and the Pix); the pomada's stock is one less.
    await page.goto("/cash-register");
    await expect(page.locator("dl div").filter({ hasText: "Dinheiro" })).toContainText("R$ 170,00");
    await expect(page.locator("dl div").filter({ hasText: "Pix" })).toContainText("R$ 60,00");
    await page.goto("/products");
    await expect(page.getByTestId("product-card").filter({ hasText: "Pomada modeladora" }).getByTestId("product-stock")).toContainText("4 unidades");

    // João's rate changes (50 % → 40 %, 10 % → 5 %): that day's statement, written at the close, does not.
    await db`update professional_commissions set services_value = 4000, products_value = 500 where professional_id = ${joao.id}`;
    await page.goto(`/commissions?professional=${joao.id}`);
    const total = (label: string) => page.locator("dl[aria-label='Totais'] div").filter({ has: page.getByText(label, { exact: true }) });
    await expect(total("Comissões")).toContainText("R$ 44,50");
    await expect(total("Gorjetas")).toContainText("R$ 5,00");
    await expect(page.getByRole("table", { name: "Lançamentos" }).getByRole("row").filter({ hasText: "Corte" })).toContainText("50%");

    // An employee sees the closed comanda, and no 'Estornar' (the owner's).
    const empCtx = await browser.newContext({ viewport: { width, height: 800 } });
    const emp = await empCtx.newPage();
    await login(emp, employee.email);
    await emp.goto(comandaUrl);
    await expect(emp.getByRole("heading", { level: 1 })).toContainText("Paga");
    await expect(emp.getByRole("table", { name: "Pagamentos" })).toContainText("R$ 70,00");
    await expect(emp.getByRole("button", { name: "Estornar" })).toHaveCount(0);
    await empCtx.close();

    // 'Estornar' (the owner's), with its reason: opposite entries everywhere, both visible.
    await page.goto(comandaUrl);
    await page.getByRole("button", { name: "Estornar" }).click();
    dialog = page.getByRole("dialog", { name: "Estornar comanda" });
    await dialog.getByRole("button", { name: "Estornar" }).click();
    await expect(dialog.getByText("Informe o motivo.")).toBeVisible();
    await dialog.getByLabel("Motivo").fill("Cobrança em duplicidade");
    await dialog.getByRole("button", { name: "Estornar" }).click();
    await expectToast(page, "Comanda estornada");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Estornada");
    await expect(page.getByText("Cobrança em duplicidade")).toBeVisible();
    await expect(page.getByText(/Estornada em .* por Dono Barbearia\./)).toBeVisible();
    await expect(payments.getByRole("row").filter({ hasText: "Estorno · Pix" })).toContainText("-R$ 60,00");
    await expect(payments.getByRole("row").filter({ hasText: "Estorno · Dinheiro" })).toContainText("-R$ 70,00");
    await expect(payments.getByRole("row").filter({ hasText: /^Pix/ })).toContainText("R$ 60,00");
    await expect(page.getByRole("button", { name: "Estornar" })).toHaveCount(0);
    if (width === 390) expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, `/comandas/[id] estornada (${width} px)`);
    const [net] = await db<{ cents: number }[]>`select coalesce(sum(cents), 0)::int as cents from commission_entries where comanda_id = ${comandaId}`;
    expect(net.cents).toBe(0);

    // The statement lists the close and its reversal: nothing earned in the end.
    await page.goto(`/commissions?professional=${joao.id}`);
    await expect(total("Comissões")).toContainText("R$ 0,00");
    await expect(page.getByRole("table", { name: "Lançamentos" }).getByRole("row").filter({ hasText: "Estorno: Corte" })).toHaveCount(1);
    await expect(page.getByRole("table", { name: "Lançamentos" }).getByRole("row").filter({ hasText: "Corte" })).toHaveCount(2);

    await page.goto("/cash-register");
    await expect(page.locator("dl div").filter({ hasText: "Dinheiro" })).toContainText("R$ 100,00");
    const moves = page.getByRole("table", { name: "Movimentações" });
    await expect(moves.getByRole("row").filter({ hasText: "Estorno" }).filter({ hasText: "Cobrança em duplicidade" })).toHaveCount(2);
    await expect(moves.getByRole("row").filter({ hasText: "R$ 70,00" })).toHaveCount(2);
    await page.goto("/products");
    await expect(page.getByTestId("product-card").filter({ hasText: "Pomada modeladora" }).getByTestId("product-stock")).toContainText("5 unidades");
    await page.goto("/comandas");
    const recent = page.getByRole("table", { name: "Fechadas recentemente" }).getByRole("row").filter({ hasText: "Carlos Cliente" });
    await expect(recent).toContainText("Estornada");
    await expect(recent).toContainText("R$ 130,00");
    if (width === 390) expect(await noSidewaysScroll(page)).toBe(true);

    // Another business's comanda is not found.
    const otherOwner = await createAccount();
    await createBusiness({ name: `Outro ${uid()}`, ownerId: otherOwner.id });
    const other = await ctx.browser()!.newContext({ viewport: { width, height: 800 } });
    const otherPage = await other.newPage();
    await login(otherPage, otherOwner.email);
    // The page streams (the app's loading.tsx), so the 404 is the page's, not the status line's.
    allowConsoleErrors(/404: rota inexistente acessada: \/comandas\//);
    await otherPage.goto(comandaUrl);
    await expect(otherPage.getByText("Oops! Page not found")).toBeVisible();
    await other.close();
    await ctx.close();
  });
}
