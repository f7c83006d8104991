import { expect, test } from "./fixtures";
import { createAccount, createBusiness, expectToast, login, sql, uid } from "./support";

/**
 * 'Comissões' (issue 53): the owner sets barber João's rule (50 % on services, 10 % on products)
 * and Barba's own R$ 12,50; a rate over 100 % is refused at its field with what was typed kept; the
 * list shows the rule; the audit names it. At 1280 and at 390 px, each on a business of its own.
 */
for (const width of [1280, 390] as const) {
  test(`the owner sets a professional's commission, a service's own rate, and a bad rate is refused (${width} px)`, async ({ browser }) => {
    const owner = await createAccount({ fullName: "Dono Barbearia" });
    const businessId = await createBusiness({ name: `Barbearia ${uid()}`, ownerId: owner.id });
    const [joao] = await sql()<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, 'João Barbeiro') returning id`;
    await sql()`insert into professionals (business_id, name) values (${businessId}, 'Ana Manicure')`;
    for (const [name, price] of [["Corte", "50.00"], ["Barba", "30.00"]] as const) {
      const [s] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, ${name}, 30) returning id`;
      await sql()`insert into professional_services (professional_id, service_id, business_id, price) values (${joao.id}, ${s.id}, ${businessId}, ${price})`;
    }
    const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const page = await ctx.newPage();
    await login(page, owner.email);
    await page.goto("/commissions");
    await expect(page.getByRole("heading", { level: 1, name: "Comissões" })).toBeVisible();
    const table = page.getByRole("table", { name: "Comissões" });
    await expect(table.getByRole("row").filter({ hasText: "Ana Manicure" })).toContainText("Sem comissão definida");

    await table.getByRole("button", { name: "Comissão de João Barbeiro" }).click();
    const dialog = page.getByRole("dialog", { name: "Comissão de João Barbeiro" });
    await dialog.getByLabel("Serviços", { exact: true }).fill("150");
    await dialog.getByLabel("Produtos", { exact: true }).fill("10");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("A porcentagem vai de 0 a 100.")).toBeVisible();
    await expect(dialog.getByLabel("Produtos", { exact: true })).toHaveValue("10");

    await dialog.getByLabel("Serviços", { exact: true }).fill("50");
    await dialog.getByLabel("Barba", { exact: true }).fill("12,50");
    await dialog.getByRole("combobox", { name: "Barba: tipo" }).click();
    await page.getByRole("option", { name: "R$ por item" }).click();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Comissão salva");
    await expect(dialog).toBeHidden();
    const row = table.getByRole("row").filter({ hasText: "João Barbeiro" });
    await expect(row).toContainText("50%");
    await expect(row).toContainText("10%");
    await expect(row).toContainText("1 exceção por serviço");

    // Opened again: what was saved.
    await table.getByRole("button", { name: "Comissão de João Barbeiro" }).click();
    await expect(dialog.getByLabel("Barba", { exact: true })).toHaveValue("12,50");
    await expect(dialog.getByLabel("Corte", { exact: true })).toHaveValue("");
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    const [audit] = await sql()<{ description: string }[]>`
      select description from audit_logs where business_id = ${businessId} and entity_id = ${joao.id} order by created_at desc limit 1`;
    expect(audit.description).toBe("Comissão de João Barbeiro: serviços 50%, produtos 10%, 1 exceção por serviço");
    await ctx.close();
  });
}
