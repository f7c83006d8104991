import { emptySalon, tag, toast } from "./catalog-fixtures";
import { expect, test, type Page } from "./fixtures";
import { EMPLOYEE, login, sidebar, sql } from "./support";

/**
 * 'Produtos' (owner): a product made in its dialog, an entry and an adjustment (its reason asked
 * for) in 'Movimentar estoque', the stock and 'Estoque baixo' on the card and in the dialog, the
 * history with who and why, and the refusal below zero. In a new salon, so the empty state shows.
 * At 1280 and 390 px.
 */
const card = (page: Page, name: string) => page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const width of [1280, 390]) {
  test(`a product, its entries and adjustments, the stock and its history (${width} px)`, async ({ page }) => {
    const t = tag();
    const name = `Pomada modeladora ${t}`;
    const salon = await emptySalon();
    await page.setViewportSize({ width, height: 900 });
    await login(page, salon.email);
    await page.goto("/products");
    await expect(page.getByRole("heading", { name: "Produtos", level: 1 })).toBeVisible();
    await expect(page.getByText("Nenhum produto encontrado.")).toBeVisible();
    if (width === 1280) await expect(sidebar(page).getByRole("link", { name: "Produtos" })).toBeVisible();

    await page.getByRole("button", { name: "Novo produto" }).click();
    const form = page.getByRole("dialog", { name: "Novo produto" });
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(form.getByText("O nome do produto é obrigatório.")).toBeVisible();
    await expect(form.getByText("Informe o preço de venda.")).toBeVisible();
    await form.getByLabel("Nome *").fill(name);
    await form.getByLabel("Preço de venda (R$) *").fill("45,9");
    await form.getByLabel("Custo (R$)").fill("4,555");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(form.getByText("Informe um valor em reais, por exemplo 45,90.")).toBeVisible();
    await form.getByLabel("Custo (R$)").fill("20");
    await form.getByLabel("Estoque mínimo").fill("5");
    await form.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Produto criado com sucesso!");
    await expect(form).toBeHidden();
    await expect(card(page, name)).toContainText("R$ 45,90");
    await expect(card(page, name)).toContainText("R$ 20,00");
    await expect(card(page, name).getByTestId("product-stock")).toHaveText("0 unidades · mínimo 5");
    await expect(card(page, name).getByText("Estoque baixo")).toBeVisible();

    // An entry (a purchase): the reason may stay empty.
    await card(page, name).getByRole("button", { name: "Movimentar estoque" }).click();
    const stock = page.getByRole("dialog", { name: "Movimentar estoque" });
    await expect(stock.getByText("Nenhum movimento ainda.")).toBeVisible();
    await stock.getByLabel("Quantidade *").fill("10");
    await stock.getByRole("button", { name: "Registrar" }).click();
    await toast(page, "Estoque atualizado", "Estoque: 10 unidades.");
    await expect(stock.getByTestId("stock-now")).toContainText("Estoque atual: 10 unidades");
    await expect(stock.getByTestId("stock-now").getByText("Estoque baixo")).toBeHidden();
    await expect(stock.getByTestId("stock-movement")).toHaveCount(1);
    await expect(stock.getByTestId("stock-movement").first()).toContainText("Entrada (compra)");
    await expect(stock.getByTestId("stock-movement").first()).toContainText("+10");

    // An adjustment: the reason is required.
    await stock.getByRole("combobox", { name: "Tipo de movimento" }).click();
    await page.getByRole("option", { name: "Ajuste (+ ou −)" }).click();
    await stock.getByLabel("Ajuste (unidades) *").fill("-7");
    await stock.getByRole("button", { name: "Registrar" }).click();
    await expect(stock.getByText("Diga o motivo do ajuste.")).toBeVisible();
    await stock.getByLabel("Motivo *").fill("Vencidas");
    await stock.getByRole("button", { name: "Registrar" }).click();
    await toast(page, "Estoque atualizado", "Estoque: 3 unidades.");
    await expect(stock.getByTestId("stock-now")).toContainText("Estoque atual: 3 unidades");
    await expect(stock.getByTestId("stock-now").getByText("Estoque baixo")).toBeVisible();
    const newest = stock.getByTestId("stock-movement").first();
    await expect(stock.getByTestId("stock-movement")).toHaveCount(2);
    await expect(newest).toContainText("Ajuste");
    await expect(newest).toContainText("-7");
    await expect(newest).toContainText("Vencidas");
    const [me] = await sql()<{ full_name: string }[]>`select full_name from users where email = ${salon.email}`;
    await expect(newest).toContainText(me.full_name);

    // Below zero: refused, naming what there is; nothing written.
    await stock.getByLabel("Ajuste (unidades) *").fill("-5");
    await stock.getByLabel("Motivo *").fill("Quebra");
    await stock.getByRole("button", { name: "Registrar" }).click();
    await toast(page, "Erro ao movimentar estoque", "Estoque insuficiente: há 3 unidades.");
    await expect(stock.getByTestId("stock-movement")).toHaveCount(2);
    expect(await noSidewaysScroll(page)).toBe(true);

    await stock.getByRole("button", { name: "Fechar", exact: true }).first().click();
    await expect(stock).toBeHidden();
    await expect(card(page, name).getByTestId("product-stock")).toHaveText("3 unidades · mínimo 5");
    await expect(card(page, name).getByText("Estoque baixo")).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);

    const ledger = await sql()<{ kind: string; quantity: number; reason: string | null }[]>`
      select m.kind, m.quantity, m.reason from product_stock_movements m join products p on p.id = m.product_id
       where p.business_id = ${salon.businessId} order by m.created_at`;
    expect(ledger).toEqual([{ kind: "purchase", quantity: 10, reason: null }, { kind: "adjustment", quantity: -7, reason: "Vencidas" }]);
  });
}

test("an employee has no 'Produtos': not in the menu, and the address sends them to the agenda", async ({ page }) => {
  await login(page, EMPLOYEE);
  await page.goto("/appointments");
  await expect(sidebar(page).getByRole("link", { name: "Clientes" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Produtos" })).toHaveCount(0);
  await page.goto("/products");
  await expect(page).toHaveURL(/\/appointments/);
});
