import { expect, test } from "./fixtures";
import { expectAccessible } from "./axe";
import { createAccount, createBusiness, expectToast, login, sql, uid } from "./support";
import type { Page } from "@playwright/test";

/**
 * Pix (issue 54) as the owner sets it up and the front desk uses it: the 'Pix' card on Meus Dados
 * (the key checked, the PSP's credentials kept when left blank and never shown back, the webhook's
 * address and secret to register at the PSP); at 1280 and at 390 px.
 */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The 'Pix' card with the static Pix saved: the key, the name and the city. */
async function saveStaticPix(page: Page) {
  await page.goto("/business-profile");
  const card = page.getByTestId("pix-settings");
  await card.getByLabel("Chave Pix").fill("(65) 98888-7777");
  await card.getByLabel("Nome do recebedor").fill("Barbearia do João");
  await card.getByLabel("Cidade").fill("Cuiabá");
  await card.getByRole("button", { name: "Salvar" }).click();
  await expectToast(page, "Pix salvo", "As cobranças por Pix usam um QR code com o valor; a equipe confirma o recebimento.");
  return card;
}

for (const width of [1280, 390] as const) {
  test(`the owner's 'Pix' card: the key checked, the PSP's secrets kept and never shown (${width} px)`, async ({ browser }) => {
    const owner = await createAccount({ fullName: "Dono Barbearia" });
    const businessId = await createBusiness({ name: `Barbearia ${uid()}`, ownerId: owner.id });
    const db = sql();
    const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const page = await ctx.newPage();
    await login(page, owner.email);
    await page.goto("/business-profile");
    const card = page.getByTestId("pix-settings");
    await expect(card.getByRole("heading", { name: "Pix" })).toBeVisible();

    // A key that is no Pix key: refused by the server, on the field.
    await card.getByLabel("Chave Pix").fill("123.456.789-00");
    await card.getByLabel("Nome do recebedor").fill("Barbearia do João");
    await card.getByLabel("Cidade").fill("Cuiabá");
    await card.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Erro ao salvar o Pix", "Chave Pix inválida. Use um CPF, CNPJ, celular com DDD, e-mail ou chave aleatória.");
    await expect(card.getByText("Chave Pix inválida. Use um CPF, CNPJ, celular com DDD, e-mail ou chave aleatória.")).toBeVisible();
    expect(await db`select 1 from business_pix where business_id = ${businessId}`).toHaveLength(0);

    // The BR Code's limits are the fields' own.
    await expect(card.getByLabel("Nome do recebedor")).toHaveAttribute("maxlength", "25");
    await expect(card.getByLabel("Cidade")).toHaveAttribute("maxlength", "15");

    // A phone key, saved as the BR Code carries it.
    await saveStaticPix(page);
    await expect(card.getByLabel("Chave Pix")).toHaveValue("+5565988887777");
    const [stored] = await db<{ pix_key: string; merchant_name: string; merchant_city: string }[]>`
      select pix_key, merchant_name, merchant_city from business_pix where business_id = ${businessId}`;
    expect(stored).toEqual({ pix_key: "+5565988887777", merchant_name: "Barbearia do João", merchant_city: "Cuiabá" });
    await expect(card.getByTestId("pix-webhook")).toHaveCount(0);

    // The PSP: a plain-http address is refused (only localhost may), the client secret is needed the first time.
    await card.getByRole("button", { name: "Configurar PSP" }).click();
    await expect(card.getByText("Opcional. Em branco: https://<endereço da API>/oauth/token")).toBeVisible();
    await card.getByLabel("URL da API").fill("http://pix.banco.example/v2");
    await card.getByLabel("Client ID").fill("cliente-barbearia");
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(card.getByText("Use um endereço completo que comece com https://.")).toBeVisible();
    await card.getByLabel("URL da API").fill("https://pix.banco.example/api/v2");
    await expect(card.getByText("Opcional. Em branco: https://pix.banco.example/oauth/token")).toBeVisible();
    await card.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Erro ao salvar o Pix", "Informe o Client secret.");
    await card.getByLabel("Client secret").fill("segredo-do-banco-123");
    await card.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Pix salvo", "As cobranças por Pix são confirmadas pelo PSP. Cadastre o endereço e o segredo do webhook no PSP.");

    // The webhook's address and secret, to register at the PSP; the client secret never comes back.
    const webhook = card.getByTestId("pix-webhook");
    await expect(webhook.getByLabel("Endereço do webhook")).toHaveValue(new RegExp(`/api/pix/webhook/${businessId}$`));
    const secret = await webhook.getByLabel("Segredo do webhook").inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(card.getByLabel("Client secret")).toHaveValue("");
    await expect(card.getByText("Deixe em branco para manter.")).toBeVisible();
    expect(await page.content()).not.toContain("segredo-do-banco-123");
    const [sealed] = await db<{ psp_secrets: string }[]>`select psp_secrets from business_pix where business_id = ${businessId}`;
    expect(sealed.psp_secrets).not.toContain("segredo-do-banco-123");
    expect(sealed.psp_secrets).not.toContain(secret);

    // Saved again with the secret left blank: kept (the webhook's secret too).
    await card.getByLabel("Client ID").fill("cliente-barbearia-2");
    // The card is keyed by what is saved: the save's new render replaces the form, which may land
    // after the toast on a busy machine (a dialog opened before it would close). Wait for it.
    const formBefore = await card.getByLabel("Client ID").elementHandle();
    await card.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Pix salvo");
    await expect.poll(() => formBefore!.evaluate((e) => e.isConnected)).toBe(false);
    await expect(webhook.getByLabel("Segredo do webhook")).toHaveValue(secret);
    await expect(card.getByLabel("Client ID")).toHaveValue("cliente-barbearia-2");

    // 'Gerar novo segredo', confirmed: another secret.
    await webhook.getByRole("button", { name: "Gerar novo segredo" }).click();
    let confirm = page.getByRole("alertdialog", { name: "Gerar novo segredo" });
    await confirm.getByRole("button", { name: "Gerar novo segredo" }).click();
    await expectToast(page, "Novo segredo gerado", "Atualize o segredo do webhook no PSP: o anterior não vale mais.");
    await expect(webhook.getByLabel("Segredo do webhook")).not.toHaveValue(secret);
    if (width === 390) expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, `/business-profile, Pix com PSP (${width} px)`);

    // 'Remover PSP': back to the static QR code.
    await webhook.getByRole("button", { name: "Remover PSP" }).click();
    confirm = page.getByRole("alertdialog", { name: "Remover PSP" });
    await confirm.getByRole("button", { name: "Remover PSP" }).click();
    await expectToast(page, "PSP removido");
    await expect(card.getByTestId("pix-webhook")).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Configurar PSP" })).toBeVisible();
    const [after] = await db<{ psp_base_url: string | null; psp_secrets: string | null }[]>`
      select psp_base_url, psp_secrets from business_pix where business_id = ${businessId}`;
    expect(after).toEqual({ psp_base_url: null, psp_secrets: null });
    await ctx.close();
  });
}

for (const width of [1280, 390] as const) {
  test(`a static Pix of R$ 60,00 on a comanda, confirmed by hand, and the rest in cash (${width} px)`, async ({ browser }) => {
    const owner = await createAccount({ fullName: "Dono Barbearia" });
    const businessId = await createBusiness({ name: `Barbearia ${uid()}`, ownerId: owner.id });
    const db = sql();
    const [joao] = await db<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, 'João Barbeiro') returning id`;
    const [corte] = await db<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, 'Corte', 30) returning id`;
    await db`insert into professional_services (professional_id, service_id, business_id, price) values (${joao.id}, ${corte.id}, ${businessId}, '80.00')`;
    const [register] = await db<{ id: string }[]>`insert into cash_registers (business_id, opened_by, float_cents) values (${businessId}, ${owner.id}, 10000) returning id`;
    await db`insert into cash_movements (business_id, register_id, kind, method, cents, user_id) values (${businessId}, ${register.id}, 'float', 'cash', 10000, ${owner.id})`;
    const [k] = await db<{ id: string }[]>`insert into comandas (business_id, opened_by) values (${businessId}, ${owner.id}) returning id`;
    await db`insert into comanda_lines (business_id, comanda_id, position, kind, service_id, name, professional_id, quantity, unit_cents)
             values (${businessId}, ${k.id}, 0, 'service', ${corte.id}, 'Corte', ${joao.id}, 1, 8000)`;

    const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 }, permissions: ["clipboard-read", "clipboard-write"] });
    const page = await ctx.newPage();
    await login(page, owner.email);

    // No Pix yet: the owner is shown where to set it up, and no 'Cobrar com Pix'.
    await page.goto(`/comandas/${k.id}`);
    await expect(page.getByText("Para cobrar com Pix, cadastre a chave Pix em Meus Dados.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cobrar com Pix" })).toHaveCount(0);
    await page.getByRole("link", { name: "Configurar Pix" }).click();
    await page.waitForURL(/\/business-profile$/);
    await saveStaticPix(page);

    // 'Cobrar com Pix': the amount starts at what is due; a first charge is cancelled.
    await page.goto(`/comandas/${k.id}`);
    await page.getByRole("button", { name: "Cobrar com Pix" }).click();
    let dialog = page.getByRole("dialog", { name: "Cobrar com Pix" });
    await expect(dialog.getByLabel("Valor (R$)")).toHaveValue("80,00");
    await dialog.getByRole("button", { name: "Gerar QR code" }).click();
    dialog = page.getByRole("dialog", { name: "Cobrar com Pix · R$ 80,00" });
    await expect(dialog.getByTestId("pix-status")).toHaveText("Aguardando pagamento");
    await dialog.getByRole("button", { name: "Cancelar cobrança" }).click();
    let confirm = page.getByRole("alertdialog", { name: "Cancelar cobrança" });
    await confirm.getByRole("button", { name: "Cancelar cobrança" }).click();
    await expectToast(page, "Cobrança cancelada");
    await expect(dialog.getByTestId("pix-status")).toHaveText("Cancelado");
    await dialog.getByRole("button", { name: "Voltar à comanda" }).click();

    // R$ 60,00: the QR code and the 'Pix copia e cola' (a BR Code with the key and the amount), copied.
    await page.getByRole("button", { name: "Cobrar com Pix" }).click();
    dialog = page.getByRole("dialog", { name: "Cobrar com Pix" });
    await dialog.getByLabel("Valor (R$)").fill("60");
    await dialog.getByRole("button", { name: "Gerar QR code" }).click();
    dialog = page.getByRole("dialog", { name: "Cobrar com Pix · R$ 60,00" });
    await expect(dialog.getByRole("img", { name: "QR code do Pix de R$ 60,00" })).toBeVisible();
    await expect(dialog.getByTestId("pix-status")).toHaveText("Aguardando pagamento");
    const code = await dialog.getByLabel("Pix copia e cola").inputValue();
    expect(code).toMatch(/^000201/);
    expect(code).toContain("+5565988887777");
    expect(code).toContain("540560.00");
    await dialog.getByRole("button", { name: "Copiar" }).click();
    await expectToast(page, "Código Pix copiado");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    if (width === 390) expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, `/comandas/[id], Cobrar com Pix (${width} px)`);

    // 'Confirmar recebimento', after checking the account: 'Pago', live in the dialog and on the comanda.
    await dialog.getByRole("button", { name: "Confirmar recebimento" }).click();
    confirm = page.getByRole("alertdialog", { name: "Confirmar recebimento" });
    await expect(confirm.getByText("Confirme que o valor entrou na conta antes.")).toBeVisible();
    await expect(confirm).toContainText("R$ 60,00");
    await confirm.getByRole("button", { name: "Confirmar recebimento" }).click();
    await expectToast(page, "Recebimento confirmado");
    await expect(dialog.getByTestId("pix-status")).toHaveText("Pago");
    await expect(dialog.getByLabel("Pix copia e cola")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Voltar à comanda" }).click();
    const charges = page.getByRole("list", { name: "Cobranças Pix" }).getByTestId("pix-charge");
    await expect(charges).toHaveCount(2);
    await expect(charges.nth(0)).toContainText("R$ 80,00");
    await expect(charges.nth(0)).toContainText("Cancelado");
    await expect(charges.nth(1)).toContainText("R$ 60,00");
    await expect(charges.nth(1)).toContainText("Pago");
    await expect(charges.nth(1)).toContainText("Recebimento confirmado por Dono Barbearia.");

    // 'Fechar comanda': the Pix received is a fixed line; the rest, R$ 20,00, in cash.
    await page.getByRole("button", { name: "Fechar comanda" }).click();
    dialog = page.getByRole("dialog", { name: "Fechar comanda" });
    await expect(dialog.getByTestId("pix-received")).toContainText("Pix recebido");
    await expect(dialog.getByTestId("pix-received")).toContainText("R$ 60,00");
    const cash = dialog.getByRole("group", { name: "Pagamento 1" });
    await expect(cash.getByRole("combobox", { name: "Forma de pagamento" })).toHaveText("Dinheiro");
    await expect(cash.getByLabel("Valor (R$)")).toHaveValue("20,00");
    const settlement = dialog.getByTestId("settlement");
    await expect(settlement).toContainText("TotalR$ 80,00");
    await expect(settlement).toContainText("PagoR$ 80,00");
    await expect(settlement).toContainText("FaltaR$ 0,00");
    if (width === 390) expect(await noSidewaysScroll(page)).toBe(true);
    await dialog.getByRole("button", { name: "Fechar comanda" }).click();
    await expectToast(page, "Comanda fechada");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Paga");
    const payments = page.getByRole("table", { name: "Pagamentos" });
    await expect(payments.getByRole("row").filter({ hasText: "Pix" })).toContainText("R$ 60,00");
    await expect(payments.getByRole("row").filter({ hasText: "Dinheiro" })).toContainText("R$ 20,00");
    const [paid] = await db<{ status: string; confirmed_by: string }[]>`select status, confirmed_by from pix_charges where comanda_id = ${k.id} and amount_cents = 6000`;
    expect(paid).toEqual({ status: "paid", confirmed_by: owner.id });
    await ctx.close();
  });
}
