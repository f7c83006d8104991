import { expect, test, type Page } from "./fixtures";
import { login, OTHER_OWNER, sql } from "./support";
import { salon } from "./reports-fixtures";

/** Relatório de Clientes on a salon of its own (figures by hand), and on a demo business (figures as the database counts them). */

const value = (page: Page, id: string) => page.getByTestId(`stat-clients-${id}-value`);
const note = (page: Page, id: string) => page.getByTestId(`stat-clients-${id}-note`);
const listRows = (page: Page) => page.getByRole("table", { name: "Todos os clientes" }).locator("tbody tr");

async function openReport(page: Page, query = "") {
  await page.goto(`/reports/clients${query}`);
  await expect(page.getByRole("heading", { name: "Relatório de Clientes", level: 1 })).toBeVisible();
}

test("figures, top 5, newest 5 and the full list, counted by hand; search and pages", async ({ page }) => {
  const s = await salon();
  const t = s.t;
  const client = async (name: string, daysAgo: number, phone: string | null = null) => {
    const [c] = await sql()<{ id: string }[]>`
      insert into clients (business_id, name, phone, created_at) values (${s.id}, ${`${name} ${t}`}, ${phone}, now() - ${daysAgo} * interval '1 day') returning id`;
    return c.id;
  };
  const booking = (clientId: string, date: string, status = 1) =>
    sql()`insert into appointments (business_id, client_id, date, time, status_id) values (${s.id}, ${clientId}, ${date}, '10:00', ${status})`;
  const ana = await client("Ána", 60, "(65) 99111-0001");
  const bia = await client("Bia", 5);
  await client("Caio", 0);
  const davi = await client("Davi", 45);
  await booking(ana, "2031-01-10");
  await booking(ana, "2031-02-01", 2);
  await booking(ana, "2030-12-01", 4);
  await booking(bia, "2031-03-05");
  await booking(davi, "2031-01-15", 3);
  await booking(davi, "2031-01-20");

  await login(page, s.owner.email);
  await openReport(page);
  await expect(page.getByText("Quantos clientes você tem, quantos voltam e quem agenda mais.")).toBeVisible();
  // 4 clients, 6 appointments → 1,50 each; 3 with one (75 %); 2 with two or more (50 %); 2 new in 30 days (50 %).
  await expect(value(page, "total")).toHaveText("4");
  await expect(note(page, "total")).toHaveText("2 novos nos últimos 30 dias (50%)");
  await expect(value(page, "average")).toHaveText("1,50");
  await expect(note(page, "average")).toHaveText("por cliente (6 agendamentos)");
  await expect(value(page, "with-appointments")).toHaveText("75%");
  await expect(note(page, "with-appointments")).toHaveText("3 clientes com ao menos 1 agendamento");
  await expect(value(page, "returning")).toHaveText("50%");
  await expect(note(page, "returning")).toHaveText("2 clientes com 2 ou mais agendamentos");

  const top = page.getByRole("list", { name: "Top 5 Clientes" }).getByRole("listitem");
  await expect(top).toHaveCount(3);
  await expect(top.nth(0)).toContainText(`Ána ${t}`);
  await expect(top.nth(0)).toContainText("3 agendamentos · último em 01/02/2031");
  // Davi's cancelled booking is not counted: one each, Bia's latest first.
  await expect(top.nth(1)).toContainText(`Bia ${t}`);
  await expect(top.nth(1)).toContainText("1 agendamento · último em 05/03/2031");
  await expect(top.nth(2)).toContainText(`Davi ${t}`);
  await expect(top.nth(2)).toContainText("1 agendamento · último em 20/01/2031");
  const recent = page.getByRole("list", { name: "Clientes Mais Recentes" }).getByRole("listitem");
  await expect(recent).toHaveText([new RegExp(`Caio ${t}`), new RegExp(`Bia ${t}`), new RegExp(`Davi ${t}`), new RegExp(`Ána ${t}`)]);
  await expect(recent.first()).toContainText("0 agendamentos");

  await expect(listRows(page)).toHaveCount(4);
  await expect(listRows(page).nth(0)).toContainText(`Ána ${t}`);
  await expect(listRows(page).nth(0)).toContainText("(65) 99111-0001");
  await expect(listRows(page).nth(0).locator("td").nth(3)).toHaveText("3");
  await expect(listRows(page).nth(0).locator("td").nth(4)).toHaveText("01/02/2031");
  await expect(listRows(page).nth(2).locator("td").nth(4)).toHaveText("—");

  const search = page.getByRole("searchbox", { name: "Buscar clientes" });
  await search.fill("ANA");
  await expect(page).toHaveURL(/q=ANA/);
  await expect(listRows(page)).toHaveCount(1);
  await search.fill("991110001");
  await expect(listRows(page)).toHaveCount(1);
  await search.fill(`ninguém ${t}`);
  await expect(page.getByText("Nenhum cliente encontrado.")).toBeVisible();
  // The figures are the business's, whatever the search.
  await expect(value(page, "total")).toHaveText("4");

  // 25 a page.
  await sql()`insert into clients (business_id, name) select ${s.id}, 'Zeca ' || lpad(g::text, 2, '0') from generate_series(1, 24) g`;
  await openReport(page);
  await expect(page.getByTestId("list-total")).toHaveText("28 clientes · Página 1 de 2");
  await page.getByRole("link", { name: "Próxima" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(listRows(page)).toHaveCount(3);
  await expect(listRows(page).last()).toContainText("Zeca 24");
});

// Barbearia do Paulo: the demo business the other specs leave alone, so the figures hold still.
test("a demo business: figures as the database counts them", async ({ page }) => {
  await login(page, OTHER_OWNER);
  await openReport(page);
  const [r] = await sql()<{ clients: string; appointments: string }[]>`
    select count(*) as clients,
           (select count(*) from appointments a where a.business_id = b.id) as appointments
    from businesses b join clients c on c.business_id = b.id where b.name = 'Barbearia do Paulo' group by b.id`;
  await expect(value(page, "total")).toHaveText(new Intl.NumberFormat("pt-BR").format(Number(r.clients)));
  const average = Math.round((Number(r.appointments) * 100) / Number(r.clients)) / 100;
  await expect(value(page, "average")).toHaveText(average.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  await expect(page.getByRole("list", { name: "Top 5 Clientes" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("list", { name: "Clientes Mais Recentes" }).getByRole("listitem")).toHaveCount(5);
});
