import { expect, test } from "./fixtures";
import { createAccount, createBusiness, expectToast, login, sidebar, sql, uid } from "./support";

/**
 * Access profiles (issue 52, item 14): the owner withholds 'Editar serviços e preços' from an
 * employee on the team page; the employee's 'Serviços' page then says why in place (no redirect),
 * and the sidebar leaves it out; granted again, the page is back. At 1280 and at 390 px.
 */
for (const width of [1280, 390] as const) {
  test(`the owner toggles a grant on the team page; the employee sees why the page is closed (${width} px)`, async ({ browser }) => {
    const owner = await createAccount({ fullName: "Dona Permissões" });
    const employee = await createAccount({ fullName: `Colaboradora ${uid()}` });
    const businessId = await createBusiness({ name: `Salão Permissões ${uid()}`, ownerId: owner.id });
    await sql()`insert into user_business_roles (user_id, business_id, role) values (${employee.id}, ${businessId}, 'employee')`;
    const viewport = { width, height: width === 390 ? 844 : 800 };

    const ownerCtx = await browser.newContext({ viewport });
    const ownerPage = await ownerCtx.newPage();
    await login(ownerPage, owner.email);
    const empCtx = await browser.newContext({ viewport });
    const page = await empCtx.newPage();
    await login(page, employee.email);

    // By default the employee opens 'Serviços', as the spec's all-staff pages.
    await page.goto("/services");
    await expect(page.getByRole("button", { name: "Novo Serviço" })).toBeVisible();

    // The owner withholds the catalog.
    await ownerPage.goto("/team-management");
    const members = ownerPage.getByRole("table", { name: "Membros da Equipe" });
    await expect(members.getByRole("row").filter({ hasText: "Dona Permissões" })).toContainText("Todas");
    const name = (await sql()<{ full_name: string }[]>`select full_name from users where id = ${employee.id}`)[0].full_name;
    // The calendar links are not granted by default (they were the owner's before grants).
    await members.getByRole("button", { name: `Permissões de ${name}: 3 de 4` }).click();
    const dialog = ownerPage.getByRole("dialog", { name: `Permissões de ${name}` });
    const catalog = dialog.getByRole("switch", { name: "Editar serviços e preços" });
    await expect(catalog).toBeChecked();
    await expect(dialog.getByRole("switch", { name: "Excluir clientes" })).toBeChecked();
    await expect(dialog.getByRole("switch", { name: "Editar horários e feriados" })).toBeChecked();
    await expect(dialog.getByRole("switch", { name: "Gerenciar links da agenda (iCal)" })).not.toBeChecked();
    await catalog.click();
    await expect(catalog).not.toBeChecked();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(ownerPage, "Permissões salvas");
    await expect(dialog).toBeHidden();
    await expect(members.getByRole("button", { name: `Permissões de ${name}: 2 de 4` })).toBeVisible();
    expect((await sql()<{ grants: string[] }[]>`select grants from user_business_roles where user_id = ${employee.id}`)[0].grants).toEqual(["deleteClients", "hours"]);

    // The employee's page says why, at its own address.
    await page.goto("/services");
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1, name: "Serviços" })).toBeVisible();
    await expect(page.getByText("Você não tem permissão para abrir esta página. Peça ao proprietário do negócio.")).toBeVisible();
    await expect(page.getByText("Falta a permissão “Editar serviços e preços”.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Novo Serviço" })).toHaveCount(0);
    if (width === 1280) {
      await expect(sidebar(page).getByRole("link", { name: "Serviços" })).toHaveCount(0);
      await expect(sidebar(page).getByRole("link", { name: "Horários de Funcionamento" })).toBeVisible();
    }
    // 'Profissionais' stays open (hours of work, time off), without what the catalog grant covers.
    await page.goto("/professionals");
    await expect(page.getByRole("heading", { level: 1, name: "Profissionais" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Novo Profissional" })).toHaveCount(0);
    // The rest stays open.
    await page.goto("/business-hours");
    await expect(page.getByText("Você não tem permissão para abrir esta página.", { exact: false })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Horários de Funcionamento" })).toBeVisible();

    // Granted again: the page is back.
    await ownerPage.getByRole("button", { name: `Permissões de ${name}: 2 de 4` }).click();
    await dialog.getByRole("switch", { name: "Editar serviços e preços" }).click();
    await dialog.getByRole("switch", { name: "Gerenciar links da agenda (iCal)" }).click();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(members.getByRole("button", { name: `Permissões de ${name}: Todas` })).toBeVisible();
    await page.goto("/services");
    await expect(page.getByRole("button", { name: "Novo Serviço" })).toBeVisible();
    // With the calendar links granted, a professional's card offers the link to the employee.
    const [pro] = await sql()<{ name: string }[]>`insert into professionals (business_id, name) values (${businessId}, ${`Profissional ${uid()}`}) returning name`;
    await page.goto("/professionals");
    await page.getByRole("button", { name: `Link da agenda (iCal) de ${pro.name}` }).click();
    await expect(page.getByRole("dialog", { name: `Link da agenda (iCal) de ${pro.name}` })).toBeVisible();

    // Without 'Excluir clientes', a client's card has no delete button (the server would refuse it).
    await sql()`insert into clients (business_id, name) values (${businessId}, 'Cliente Permanente')`;
    await page.goto("/clients");
    await expect(page.getByRole("button", { name: "Excluir Cliente Permanente" })).toBeVisible();
    await sql()`update user_business_roles set grants = array['catalog', 'hours'] where user_id = ${employee.id}`;
    await page.reload();
    await expect(page.getByRole("button", { name: "Editar Cliente Permanente" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Excluir Cliente Permanente" })).toHaveCount(0);

    await ownerCtx.close();
    await empCtx.close();
  });
}
