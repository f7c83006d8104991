import { expect, test, type Browser } from "./fixtures";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { createAccount, createBusiness, expectToast, login, sidebar, sql, uid } from "./support";

/**
 * Access profiles (issue 52, item 14): the owner withholds 'Editar serviços e preços' from an
 * employee on the team page; the employee's 'Serviços' page then says why in place (no redirect),
 * and the sidebar leaves it out; granted again, the page is back. At 1280 and at 390 px.
 */
/** The owner and the employee, each signed in in a browser context of their own at `width` px. */
async function signedIn(browser: Browser, width: number, ownerEmail: string, employeeEmail: string) {
  const viewport = { width, height: width === 390 ? 844 : 800 };
  const ownerCtx = await browser.newContext({ viewport });
  const ownerPage = await ownerCtx.newPage();
  await login(ownerPage, ownerEmail);
  const empCtx = await browser.newContext({ viewport });
  const page = await empCtx.newPage();
  await login(page, employeeEmail);
  return { ownerCtx, ownerPage, empCtx, page };
}

for (const width of [1280, 390] as const) {
  test(`the owner toggles a grant on the team page; the employee sees why the page is closed (${width} px)`, async ({ browser }) => {
    const owner = await createAccount({ fullName: "Dona Permissões" });
    const employee = await createAccount({ fullName: `Colaboradora ${uid()}` });
    const businessId = await createBusiness({ name: `Salão Permissões ${uid()}`, ownerId: owner.id });
    await sql()`insert into user_business_roles (user_id, business_id, role) values (${employee.id}, ${businessId}, 'employee')`;
    const { ownerCtx, ownerPage, empCtx, page } = await signedIn(browser, width, owner.email, employee.email);

    // By default the employee opens 'Serviços', as the spec's all-staff pages.
    await page.goto("/services");
    await expect(page.getByRole("button", { name: "Novo Serviço" })).toBeVisible();

    // The owner withholds the catalog.
    await ownerPage.goto("/team-management");
    const members = ownerPage.getByRole("table", { name: "Membros da Equipe" });
    await expect(members.getByRole("row").filter({ hasText: "Dona Permissões" })).toContainText("Todas");
    const name = (await sql()<{ full_name: string }[]>`select full_name from users where id = ${employee.id}`)[0].full_name;
    // The calendar links are not granted by default (they were the owner's before grants).
    await members.getByRole("button", { name: `Permissões de ${name}: 4 de 5` }).click();
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
    await expect(members.getByRole("button", { name: `Permissões de ${name}: 3 de 5` })).toBeVisible();
    expect((await sql()<{ grants: string[] }[]>`select grants from user_business_roles where user_id = ${employee.id}`)[0].grants).toEqual(["deleteClients", "hours", "otherAgendas"]);

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
    await ownerPage.getByRole("button", { name: `Permissões de ${name}: 3 de 5` }).click();
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

/**
 * 'Ver a agenda dos outros profissionais' (issue 52 item 14): the owner links a professional to an
 * employee ('Profissional vinculado') and withholds the grant; the employee's agenda then shows
 * that professional's cards alone, says so, and the 'Grade' has their column alone. At 1280 and 390 px.
 */
for (const width of [1280, 390] as const) {
  test(`the owner links a professional and withholds the other agendas: the employee sees only theirs (${width} px)`, async ({ browser }) => {
    const t = uid();
    const owner = await createAccount({ fullName: `Dona Agenda ${t}` });
    const employee = await createAccount({ fullName: `Bia Agenda ${t}` });
    const businessId = await createBusiness({ name: `Salão Agendas ${t}`, ownerId: owner.id });
    await sql()`insert into user_business_roles (user_id, business_id, role) values (${employee.id}, ${businessId}, 'employee')`;
    await sql()`insert into business_hours (business_id, day_of_week, is_open, open_time, close_time) select ${businessId}, d, true, '08:00', '20:00' from generate_series(0, 6) d`;
    let date = addDays(todayInBusiness(), 1);
    while (nationalHolidayOn(date)) date = addDays(date, 1);
    const [service] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, 'Corte', 30) returning id`;
    const book = async (pro: string, client: string, time: string) => {
      const [p] = await sql()<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, ${pro}) returning id`;
      await sql()`insert into professional_services (professional_id, service_id, business_id, price) values (${p.id}, ${service.id}, ${businessId}, 50)`;
      const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${client}) returning id`;
      const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time) values (${businessId}, ${c.id}, ${date}, ${time}) returning id`;
      await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${a.id}, ${service.id}, ${p.id}, ${businessId})`;
      return p.id;
    };
    const ana = await book("Ana Tesoura", "Cliente da Ana", "10:00");
    await book("Bruno Navalha", "Cliente do Bruno", "11:00");
    const { ownerCtx, ownerPage, empCtx, page } = await signedIn(browser, width, owner.email, employee.email);

    // By default every professional's agenda, as before the grant existed.
    await page.goto(`/appointments?vista=cartoes&dia=${date}`);
    const day = page.locator(`section[data-date="${date}"]`);
    await expect(day.getByText("Cliente do Bruno")).toBeVisible();
    await expect(day.getByText("Cliente da Ana")).toBeVisible();

    // The owner links Ana and withholds the other agendas.
    await ownerPage.goto("/team-management");
    const members = ownerPage.getByRole("table", { name: "Membros da Equipe" });
    await members.getByRole("button", { name: `Permissões de Bia Agenda ${t}: 4 de 5` }).click();
    const dialog = ownerPage.getByRole("dialog", { name: `Permissões de Bia Agenda ${t}` });
    const others = dialog.getByRole("switch", { name: "Ver a agenda dos outros profissionais" });
    await expect(others).toBeChecked();
    await expect(dialog.getByText("Ver e mudar os horários de todos os profissionais. Sem ela, só os do profissional vinculado.")).toBeVisible();
    const linked = dialog.getByRole("combobox", { name: "Profissional vinculado" });
    await expect(linked).toContainText("Nenhum");
    await linked.click();
    await ownerPage.getByRole("option", { name: "Ana Tesoura" }).click();
    await others.click();
    await expect(others).not.toBeChecked();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(ownerPage, "Permissões salvas");
    await expect(members.getByRole("button", { name: `Permissões de Bia Agenda ${t}: 3 de 5` })).toBeVisible();
    const [row] = await sql()<{ grants: string[]; professional_id: string }[]>`select grants, professional_id from user_business_roles where user_id = ${employee.id}`;
    expect(row).toEqual({ grants: ["deleteClients", "catalog", "hours"], professional_id: ana });

    // The employee: Ana's cards alone, and why.
    await page.goto(`/appointments?vista=cartoes&dia=${date}`);
    await expect(page.getByText("Você vê só a agenda de Ana Tesoura.")).toBeVisible();
    await expect(day.getByText("Cliente da Ana")).toBeVisible();
    await expect(day.getByText("Cliente do Bruno")).toHaveCount(0);
    // The 'Grade': Ana's column alone.
    await page.goto(`/appointments/grade?dia=${date}`);
    await expect(page.getByTestId("grid-column")).toHaveCount(1);
    await expect(page.getByTestId("grid-column")).toHaveAttribute("data-professional", "Ana Tesoura");
    await expect(page.getByTestId("grid-column").getByText("Cliente da Ana")).toBeVisible();
    await expect(page.getByText("Cliente do Bruno")).toHaveCount(0);

    // No professional linked: nothing, said plainly.
    await sql()`update user_business_roles set professional_id = null where user_id = ${employee.id}`;
    await page.goto(`/appointments?vista=cartoes&dia=${date}`);
    await expect(page.getByText("Você vê só a agenda do seu profissional, e nenhum está vinculado a você. Peça ao proprietário do negócio.")).toBeVisible();
    await expect(page.getByText("Cliente da Ana")).toHaveCount(0);

    await ownerCtx.close();
    await empCtx.close();
  });
}
