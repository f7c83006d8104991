import { NETWORK_FAILURE, allowConsoleErrors, expect, test, type Page } from "./fixtures";
import { todayInBusiness } from "../lib/core/time/business-time";
import { emptySalon, studioId, tag, toast } from "./catalog-fixtures";
import { login, OWNER, sql } from "./support";

/**
 * Issue 15 item 2, in the browser: a failed save keeps what was typed on the main forms (the
 * client's and the service's are in clients.spec.ts and services.spec.ts; here the professional's
 * and the appointment's), and text users wrote with markup in it is shown as text on every screen
 * that shows it — never an element, never a script run.
 */

const NETWORK = "Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.";

/** Server actions post to the page's own address: this makes the next ones fail on the way. */
async function failActions(page: Page, path: string) {
  allowConsoleErrors(NETWORK_FAILURE);
  await page.route(`**${path}`, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
}

test.describe("a failed save keeps what was typed", () => {
  test("Novo Profissional: name, contacts, bio, a service with its price", async ({ page }) => {
    const t = tag();
    await login(page, OWNER);
    await page.goto("/professionals");
    await page.getByRole("button", { name: "Novo Profissional" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Profissional" });
    await dialog.getByLabel("Nome *").fill(`Offline ${t}`);
    await dialog.getByLabel("E-mail").fill(`offline.${t}@exemplo.com.br`);
    await dialog.getByLabel("Telefone").fill("(65) 98765-4321");
    await dialog.getByLabel("Bio").fill("Especialista em cachos 💇‍♀️");
    await dialog.getByRole("checkbox", { name: /^Corte feminino/ }).check();
    await dialog.getByLabel("Preço de Corte feminino").fill("85,50");

    await failActions(page, "/professionals");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Erro ao salvar profissional", NETWORK);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Nome *")).toHaveValue(`Offline ${t}`);
    await expect(dialog.getByLabel("E-mail")).toHaveValue(`offline.${t}@exemplo.com.br`);
    await expect(dialog.getByLabel("Telefone")).toHaveValue("(65) 98765-4321");
    await expect(dialog.getByLabel("Bio")).toHaveValue("Especialista em cachos 💇‍♀️");
    await expect(dialog.getByRole("checkbox", { name: /^Corte feminino/ })).toBeChecked();
    await expect(dialog.getByLabel("Preço de Corte feminino")).toHaveValue("85,50");
    const [none] = await sql()<{ n: number }[]>`select count(*)::int as n from professionals where name = ${`Offline ${t}`}`;
    expect(none.n).toBe(0);

    await page.unroute("**/professionals");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Profissional criado com sucesso");
  });

  test("Novo Agendamento: client, time, service and professional", async ({ page }) => {
    const t = tag();
    const date = "2031-04-07";
    const client = `Offline ${t}`;
    await sql()`insert into clients (business_id, name, phone) values (${await studioId()}, ${client}, '65 99123-0000')`;
    await login(page, OWNER);
    await page.goto("/appointments");
    await page.getByLabel("Ir para o dia").fill(date);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    const section = page.locator(`section[data-date="${date}"]`);
    await section.getByRole("button", { name: /^Novo agendamento em/ }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByRole("combobox", { name: /^Cliente/ }).fill(client);
    await dialog.getByRole("option", { name: new RegExp(client) }).click();
    await dialog.getByLabel("Horário *").fill("15:30");
    await dialog.getByRole("checkbox", { name: /Corte feminino/ }).check();
    const pro = dialog.getByLabel("Profissional");
    await expect(pro.locator("option", { hasText: "Juliana Alves — disponível" })).toBeEnabled();
    await pro.selectOption({ label: "Juliana Alves — disponível" });

    await failActions(page, "/appointments");
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: NETWORK }).first()).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Cliente *")).toHaveValue(client);
    await expect(dialog.getByLabel("Horário *")).toHaveValue("15:30");
    await expect(dialog.getByRole("checkbox", { name: /Corte feminino/ })).toBeChecked();
    await expect(pro.locator("option:checked")).toHaveText(/Juliana Alves/);
    const [none] = await sql()<{ n: number }[]>`
      select count(*)::int as n from appointments a join clients c on c.id = a.client_id where c.name = ${client}`;
    expect(none.n).toBe(0);

    await page.unroute("**/appointments");
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await toast(page, "Agendamento criado", "O agendamento foi criado com sucesso.");
    await expect(section.getByTestId("appointment-card").filter({ hasText: client })).toContainText("15:30");
  });
});

test.describe("what users wrote is shown as text", () => {
  const XSS = `<img src=x onerror="window.__xss=1">`;
  const BOLD = "<b>negrito</b>";

  /** The text is on the page as written, and no element or script came out of it. */
  async function expectInert(page: Page, texts: string[]) {
    for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    expect(await page.locator("img[src='x']").count()).toBe(0);
    expect(await page.locator("b", { hasText: "negrito" }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  }

  test("agenda card, clients, services, professionals and audit logs of a salon whose texts carry markup", async ({ page }) => {
    const t = tag();
    const salon = await emptySalon();
    const b = salon.businessId;
    const db = sql();
    const clientName = `${XSS} Ana ${t}`;
    const serviceName = `${BOLD} Corte ${t}`;
    const proName = `${BOLD} Pro ${t}`;
    const [client] = await db<{ id: string }[]>`
      insert into clients (business_id, name, phone, email) values (${b}, ${clientName}, '65 99999-1111', ${`x${t}@exemplo.com.br`}) returning id`;
    const [service] = await db<{ id: string }[]>`
      insert into services (business_id, name, description, duration_minutes) values (${b}, ${serviceName}, ${`${XSS} descrição`}, 60) returning id`;
    const [pro] = await db<{ id: string }[]>`
      insert into professionals (business_id, name, bio, email) values (${b}, ${proName}, ${`${XSS} bio`}, ${`p${t}@exemplo.com.br`}) returning id`;
    await db`insert into professional_services (business_id, professional_id, service_id, price) values (${b}, ${pro.id}, ${service.id}, 50)`;
    const [appt] = await db<{ id: string }[]>`
      insert into appointments (business_id, client_id, date, time) values (${b}, ${client.id}, ${todayInBusiness()}, '10:00') returning id`;
    await db`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${appt.id}, ${service.id}, ${pro.id}, ${b})`;
    await db`
      insert into audit_logs (business_id, action_type, entity_type, entity_id, description, old_values, new_values)
      values (${b}, 'UPDATE', 'client', ${client.id}, ${`Cliente "${clientName}" atualizado`}, ${db.json({ name: BOLD })}, ${db.json({ name: clientName })})`;

    await login(page, salon.email);

    await page.goto("/appointments");
    const card = page.getByTestId("appointment-card").filter({ hasText: `Ana ${t}` });
    await expect(card).toContainText(clientName);
    // The services and professionals show when the card is opened.
    await card.getByRole("button", { name: clientName, exact: true }).click();
    await expect(card).toContainText(serviceName);
    await expect(card).toContainText(proName);
    await expectInert(page, [clientName]);

    await page.goto("/clients");
    await expectInert(page, [clientName]);

    await page.goto("/services");
    await expectInert(page, [serviceName, `${XSS} descrição`]);

    await page.goto("/professionals");
    await expectInert(page, [proName, `${XSS} bio`]);

    await page.goto("/reports/audit-logs");
    await expectInert(page, [`Cliente "${clientName}" atualizado`]);
    await page.getByRole("button", { name: /Ver detalhes/ }).first().click();
    const details = page.getByRole("dialog", { name: "Detalhes do Log" });
    await expect(details.locator("pre").first()).toContainText(`"name": "${BOLD}"`);
    await expectInert(page, []);
  });
});
