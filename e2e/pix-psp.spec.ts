import { expect, test } from "./fixtures";
import { createAccount, createBusiness, expectToast, login, sql, uid } from "./support";
import { startPixPspStandIn } from "../tests/support/pix-psp-stand-in";

/**
 * Pix through a PSP (issue 54), end to end against the stand-in PSP (tests/support): the owner sets
 * the PSP up on Meus Dados; 'Cobrar com Pix' makes the PSP's charge; the payer pays, the PSP's
 * signed webhook reaches the app, and the comanda shows 'Pago' by itself (the live stream) on this
 * device and on a second one within 10 s; the close takes the Pix with nothing typed.
 */
for (const width of [1280, 390] as const) {
  test(`a PSP's Pix paid by the payer shows 'Pago' by itself and closes the comanda (${width} px)`, async ({ browser, baseURL }) => {
    const psp = await startPixPspStandIn({ clientId: "agenda-e2e", clientSecret: "segredo-do-psp-e2e" });
    const owner = await createAccount({ fullName: "Dono Barbearia" });
    const businessId = await createBusiness({ name: `Barbearia ${uid()}`, ownerId: owner.id });
    const db = sql();
    const [register] = await db<{ id: string }[]>`insert into cash_registers (business_id, opened_by, float_cents) values (${businessId}, ${owner.id}, 10000) returning id`;
    await db`insert into cash_movements (business_id, register_id, kind, method, cents, user_id) values (${businessId}, ${register.id}, 'float', 'cash', 10000, ${owner.id})`;
    const [k] = await db<{ id: string }[]>`insert into comandas (business_id, opened_by) values (${businessId}, ${owner.id}) returning id`;
    await db`insert into comanda_lines (business_id, comanda_id, position, kind, name, quantity, unit_cents) values (${businessId}, ${k.id}, 0, 'service', 'Corte + Barba', 1, 8000)`;

    const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const page = await ctx.newPage();
    await login(page, owner.email);

    // The owner's PSP: the stand-in's address (http is allowed on localhost only) and credentials.
    await page.goto("/business-profile");
    const card = page.getByTestId("pix-settings");
    const pixKey = crypto.randomUUID();
    await card.getByLabel("Chave Pix").fill(pixKey);
    await card.getByLabel("Nome do recebedor").fill("Barbearia do João");
    await card.getByLabel("Cidade").fill("Cuiabá");
    await card.getByRole("button", { name: "Configurar PSP" }).click();
    await card.getByLabel("URL da API").fill(psp.url);
    await card.getByLabel("Client ID").fill("agenda-e2e");
    await card.getByLabel("Client secret").fill("segredo-do-psp-e2e");
    await card.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Pix salvo");
    // What the owner registers at the PSP: the address and the secret the card shows.
    const webhook = card.getByTestId("pix-webhook");
    await expect(webhook.getByLabel("Endereço do webhook")).toHaveValue(new RegExp(`/api/pix/webhook/${businessId}$`));
    const secret = await webhook.getByLabel("Segredo do webhook").inputValue();
    psp.setWebhook(pixKey, `${baseURL}/api/pix/webhook/${businessId}`, secret);

    // A second device on the same comanda.
    const other = await ctx.newPage();
    await other.goto(`/comandas/${k.id}`);

    await page.goto(`/comandas/${k.id}`);
    await page.getByRole("button", { name: "Cobrar com Pix" }).click();
    let dialog = page.getByRole("dialog", { name: "Cobrar com Pix" });
    await expect(dialog.getByLabel("Valor (R$)")).toHaveValue("80,00");
    await dialog.getByRole("button", { name: "Gerar QR code" }).click();
    dialog = page.getByRole("dialog", { name: "Cobrar com Pix · R$ 80,00" });
    await expect(dialog.getByTestId("pix-status")).toHaveText("Aguardando pagamento");
    // The QR is the PSP's charge: its 'Pix copia e cola' is the PSP's dynamic BR Code.
    const [charge] = await db<{ txid: string; brcode: string }[]>`select txid, brcode from pix_charges where comanda_id = ${k.id}`;
    await expect(dialog.getByLabel("Pix copia e cola")).toHaveValue(charge.brcode);
    expect(psp.cobs.get(charge.txid)).toMatchObject({ status: "ATIVA", valor: "80.00", chave: pixKey });
    await expect(dialog.getByRole("button", { name: "Confirmar recebimento" })).toHaveCount(0);

    // The payer pays: the PSP's webhook is answered, and both screens say 'Pago' by themselves.
    expect(await psp.pay(charge.txid)).toBe(200);
    await expect(dialog.getByTestId("pix-status")).toHaveText("Pago", { timeout: 10_000 });
    const onOther = other.getByRole("list", { name: "Cobranças Pix" }).getByTestId("pix-charge");
    await expect(onOther).toContainText("Pago", { timeout: 10_000 });
    await dialog.getByRole("button", { name: "Voltar à comanda" }).click();

    // The close: the Pix received settles it all, nothing typed.
    await page.getByRole("button", { name: "Fechar comanda" }).click();
    dialog = page.getByRole("dialog", { name: "Fechar comanda" });
    await expect(dialog.getByTestId("pix-received")).toContainText("R$ 80,00");
    await expect(dialog.getByTestId("settlement")).toContainText("FaltaR$ 0,00");
    await dialog.getByRole("button", { name: "Fechar comanda" }).click();
    await expectToast(page, "Comanda fechada");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Paga");
    const payments = await db<{ method: string; cents: number }[]>`select method, cents from comanda_payments where comanda_id = ${k.id}`;
    expect(payments).toEqual([{ method: "pix", cents: 8000 }]);
    // A late repeat of the webhook changes nothing.
    expect(await psp.redeliver(charge.txid)).toBe(200);
    expect(await db`select 1 from comanda_payments where comanda_id = ${k.id}`).toHaveLength(1);
    await ctx.close();
    await psp.stop();
  });
}
