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
    await expect(card.getByText("Opcional. Em branco: <URL da API>/oauth/token")).toBeVisible();
    await card.getByLabel("URL da API").fill("http://pix.banco.example/v2");
    await card.getByLabel("Client ID").fill("cliente-barbearia");
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(card.getByText("Use um endereço completo que comece com https://.")).toBeVisible();
    await card.getByLabel("URL da API").fill("https://pix.banco.example/api/v2");
    await expect(card.getByText("Opcional. Em branco: https://pix.banco.example/api/v2/oauth/token")).toBeVisible();
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
    await card.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Pix salvo");
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
