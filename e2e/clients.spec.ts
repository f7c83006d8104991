import { randomUUID } from "node:crypto";
import { NETWORK_FAILURE, allowConsoleErrors, expect, test, type Page } from "./fixtures";
import { formatDate } from "../lib/core/format/date";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { EMPLOYEE, login, OWNER, sql } from "./support";

const tag = () => randomUUID().slice(0, 6);

async function studioId(): Promise<string> {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}

function card(page: Page, name: string) {
  return page.getByTestId("client-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Buscar clientes" }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

async function toast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

test.describe("Clientes", () => {
  test("create with validation, search without accents, edit and delete", async ({ page }) => {
    const t = tag();
    const name = `Joana Ávila ${t}`;
    await login(page, OWNER);
    await page.goto("/clients");
    await expect(page.getByRole("heading", { name: "Clientes", level: 1 })).toBeVisible();
    await expect(page.getByTestId("client-card").first()).toBeVisible();

    await page.getByRole("button", { name: "Novo Cliente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("O nome do cliente é obrigatório.")).toBeVisible();
    await dialog.getByLabel("Nome *").fill(`  ${name}  `);
    await dialog.getByLabel("E-mail").fill("joana@");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("E-mail inválido")).toBeVisible();
    await dialog.getByLabel("E-mail").fill(`joana.${t}@exemplo.com`);
    await dialog.getByLabel("Telefone").fill("65 99611-5432");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Cliente criado com sucesso!");
    await expect(dialog).toBeHidden();

    // Accent- and case-insensitive, on the server.
    await search(page, `joana avila ${t}`.toUpperCase());
    await expect(card(page, name)).toBeVisible();
    await expect(card(page, name)).toContainText("(65) 99611-5432");
    await expect(card(page, name)).toContainText(`joana.${t}@exemplo.com`);
    const [row] = await sql()<{ name: string; phone: string }[]>`select name, phone from clients where email = ${`joana.${t}@exemplo.com`}`;
    expect(row).toEqual({ name, phone: "65 99611-5432" });

    // By phone digits, whatever the punctuation typed.
    await search(page, "996115432");
    await expect(card(page, name)).toBeVisible();

    await search(page, `nada-disso-${t}`);
    await expect(page.getByText("Nenhum cliente encontrado.")).toBeVisible();

    await search(page, t);
    await card(page, name).getByRole("button", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Cliente" });
    await edit.getByLabel("Nome *").fill(`${name} Lima`);
    await edit.getByLabel("E-mail").fill("");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Cliente atualizado com sucesso!");
    await expect(card(page, `${name} Lima`)).toContainText("Sem e-mail");
    const [updated] = await sql()<{ email: string | null }[]>`select email from clients where name = ${`${name} Lima`}`;
    expect(updated.email).toBeNull();

    await card(page, `${name} Lima`).getByRole("button", { name: `Excluir ${name} Lima` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Tem certeza que deseja excluir este cliente?");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Cliente excluído com sucesso!");
    await expect(page.getByText("Nenhum cliente encontrado.")).toBeVisible();
  });

  test("a client with appointments is deleted only with a second confirmation, appointments and all", async ({ page }) => {
    const t = tag();
    const businessId = await studioId();
    const name = `Com Agenda ${t}`;
    const [client] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${name}) returning id`;
    await sql()`insert into appointments (business_id, client_id, date, time) values (${businessId}, ${client.id}, '2031-01-07', '10:00'), (${businessId}, ${client.id}, '2031-01-08', '10:00')`;

    await login(page, OWNER);
    await page.goto(`/clients?q=${t}`);
    await expect(card(page, name)).toContainText("2 agendamentos");
    await card(page, name).getByRole("button", { name: `Excluir ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`${name} tem 2 agendamentos. Excluir o cliente exclui também esses agendamentos.`);
    await expect(confirm.getByRole("button", { name: "Excluir" })).toBeDisabled();
    await confirm.getByRole("checkbox").check();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Cliente excluído com sucesso!");
    expect(await sql()`select 1 from appointments where client_id = ${client.id}`).toHaveLength(0);
    const audits = await sql()<{ entity_type: string }[]>`
      select entity_type from audit_logs where business_id = ${businessId} and action_type = 'DELETE'
        and (entity_id = ${client.id} or old_values->>'clientId' = ${client.id})`;
    expect(audits.map((a) => a.entity_type).sort()).toEqual(["appointment", "appointment", "client"]);
  });

  test("a failed save keeps what was typed", async ({ page }) => {
    const t = tag();
    await login(page, EMPLOYEE);
    await page.goto("/clients");
    await page.getByRole("button", { name: "Novo Cliente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
    await dialog.getByLabel("Nome *").fill(`Offline ${t}`);
    await dialog.getByLabel("Telefone").fill("(65) 91234-5678");
    // The server action's request fails on the way.
    allowConsoleErrors(NETWORK_FAILURE);
    await page.route("**/clients", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Erro ao salvar cliente");
    await expect(dialog.getByLabel("Nome *")).toHaveValue(`Offline ${t}`);
    await expect(dialog.getByLabel("Telefone")).toHaveValue("(65) 91234-5678");
    await page.unroute("**/clients");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Cliente criado com sucesso!");
    // The action's answer renders the page again (revalidation) without middleware having seen the
    // request: the employee stays on Clientes, whose list has the new client.
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
    await search(page, `Offline ${t}`);
    await expect(card(page, `Offline ${t}`)).toBeVisible();
  });

  test("a save after the session ended says so and keeps what was typed", async ({ page, context }) => {
    const t = tag();
    await login(page, EMPLOYEE);
    await page.goto("/clients");
    await page.getByRole("button", { name: "Novo Cliente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
    await dialog.getByLabel("Nome *").fill(`Sem sessão ${t}`);
    // The duplicate check's read of the phone typed may go out after the session is gone: refused (401) too.
    allowConsoleErrors(/api\/live\/clients\.duplicates.*401|401.*api\/live\/clients\.duplicates/);
    await dialog.getByLabel("Telefone").fill("(65) 92345-6789");
    await context.clearCookies();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    const refused = page.locator("[data-sonner-toast]").filter({ hasText: "Erro ao salvar cliente" }).first();
    await expect(refused).toContainText("Sessão expirada. Faça login novamente.");
    await expect(dialog.getByLabel("Nome *")).toHaveValue(`Sem sessão ${t}`);
    await expect(dialog.getByLabel("Telefone")).toHaveValue("(65) 92345-6789");
    expect(await sql()`select 1 from clients where name = ${`Sem sessão ${t}`}`).toHaveLength(0);
  });

  test("the client's page: future and past apart, 'Próximos agendamentos' first (a cancelled date too), then the past; 'Agendar novamente' copies the last visit", async ({ page }) => {
    const businessId = await studioId();
    const name = `Marina Datas ${tag()}`;
    const [client] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone) values (${businessId}, ${name}, '65 99123-4567') returning id`;
    const today = todayInBusiness();
    // With no professional, before the seeded hours: nothing else on these days collides with them.
    const book = async (days: number, statusId: number, service: string) => {
      const [a] = await sql()<{ id: string }[]>`
        insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${client.id}, ${addDays(today, days)}, '07:00', ${statusId}) returning id`;
      await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
        select ${a.id}, s.id, null, ${businessId} from services s where s.business_id = ${businessId} and s.name = ${service}`;
      return a.id;
    };
    await book(-20, 4, "Barba");
    const lastVisit = await book(-6, 2, "Barba");
    await book(-2, 3, "Barba"); // cancelled, past
    const called = addDays(today, 12);
    await book(12, 3, "Barba"); // cancelled, still to come
    await book(5, 2, "Barba");

    await login(page, OWNER);
    await page.goto(`/clients/${client.id}`);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    const next = page.getByRole("region", { name: "Próximos agendamentos" });
    const history = page.getByRole("region", { name: "Histórico" });
    const dates = (region: typeof next) => region.getByRole("row").filter({ hasText: "07:00" }).locator("td:first-child").allInnerTexts();
    await expect(next.getByRole("row").filter({ hasText: "07:00" })).toHaveCount(2);
    // Soonest first; the cancelled future date is here, marked, and not above the visits.
    expect(await dates(next)).toEqual([`${formatDate(addDays(today, 5))} às 07:00`, `${formatDate(called)} às 07:00`]);
    await expect(next.getByRole("row").filter({ hasText: formatDate(called) })).toContainText("Cancelado");
    expect(await dates(history)).toEqual([-2, -6, -20].map((d) => `${formatDate(addDays(today, d))} às 07:00`));
    await expect(history).not.toContainText(formatDate(called));
    // 'Próximos' comes first on the page.
    const top = async (region: typeof next) => (await region.boundingBox())!.y;
    expect(await top(next)).toBeLessThan(await top(history));

    await expect(page.getByRole("link", { name: "Agendar novamente" })).toHaveAttribute("href", `/appointments?repetir=${lastVisit}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(next).toContainText("Cancelado");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });
});
