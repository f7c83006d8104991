import { expect, test, type Page } from "./fixtures";
import { createAccount, createBusiness, loginAdmin, sql, uid } from "./support";

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Buscar negócios" }).fill(text);
  await page.waitForURL((url) => url.searchParams.get("q") === text.trim());
}

test("the seeded businesses show their owners with role badges", async ({ page }) => {
  await loginAdmin(page);
  await page.goto("/admin/businesses?q=Studio Bela Vista");
  const card = page.getByTestId("business-card").filter({ hasText: "Studio Bela Vista" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Carla Mendes");
  await expect(card).toContainText("Proprietário");
  await expect(card).toContainText("Rafael Souza");
  await expect(card).toContainText("Colaborador");
  await expect(card).toContainText("R$ 149,90");
  await expect(card).toContainText("Ativo");
});

test("search on the server by name, contact and e-mail; 'Nenhum negócio encontrado.'", async ({ page }) => {
  const t = uid();
  const digits = String(Date.now()).slice(-8);
  const phone = `(65) ${digits.slice(0, 4)}-${digits.slice(4)}`;
  const name = `Salão Busca ${t}`;
  await createBusiness({ name, phone, email: `busca-${t}@salao.test` });
  await loginAdmin(page);
  await page.goto("/admin/businesses");

  for (const q of [`busca ${t}`, phone, `busca-${t}@salao`]) {
    await search(page, q);
    await expect(page.getByTestId("business-card")).toHaveCount(1);
    await expect(page.getByTestId("business-card")).toContainText(name);
  }
  await search(page, `nada-disso-${t}`);
  await expect(page.getByText("Nenhum negócio encontrado.")).toBeVisible();
  await expect(page.getByTestId("business-card")).toHaveCount(0);
});

test("pages of 20 with previous/next", async ({ page }) => {
  const t = uid();
  for (let i = 0; i < 23; i++) await createBusiness({ name: `Lote ${t} ${String(i).padStart(2, "0")}` });
  await loginAdmin(page);
  await page.goto(`/admin/businesses?q=${encodeURIComponent(`Lote ${t}`)}`);
  await expect(page.getByTestId("business-card")).toHaveCount(20);
  await expect(page.getByTestId("list-total")).toHaveText("23 negócios · Página 1 de 2");
  await page.getByRole("link", { name: "Próxima" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("business-card")).toHaveCount(3);
  await expect(page.getByTestId("business-card").last()).toContainText(`Lote ${t} 22`);
  await page.getByRole("link", { name: "Anterior" }).click();
  await expect(page.getByTestId("business-card")).toHaveCount(20);
});

test("'Novo Negócio' creates a business with an owner chosen among users; edit; delete with confirmation", async ({ page }) => {
  const t = uid();
  const ownerEmail = `dona-${t}@exemplo.com.br`;
  const ownerId = (await createAccount({ email: ownerEmail, fullName: `Dona Escolhida ${t}`, password: null, verified: false })).id;
  await loginAdmin(page);
  await page.goto("/admin/businesses");

  await page.getByRole("button", { name: "Novo Negócio" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Negócio" });
  // Required name: the spec's message, and the input is kept.
  await dialog.getByRole("button", { name: "Criar Negócio" }).click();
  await expect(page.getByText("Nome do negócio é obrigatório").first()).toBeVisible();

  const name = `Espaço Novo ${t}`;
  await dialog.getByLabel("Nome do Negócio *").fill(name);
  await dialog.getByLabel("Descrição").fill("Criado pelo admin");
  await dialog.getByLabel("Telefone").fill("(65) 3000-1234");
  await dialog.getByLabel("E-mail").fill(`novo-${t}@salao.test`);
  await dialog.getByLabel("Endereço").fill("Rua A, 1");
  await dialog.getByLabel("Mensalidade (R$)").fill("199,90");
  await dialog.getByRole("combobox", { name: "Proprietário *" }).click();
  await page.getByRole("searchbox", { name: "Buscar usuário" }).fill(`Escolhida ${t}`);
  await page.getByRole("option", { name: new RegExp(`Dona Escolhida ${t}`) }).click();
  await expect(dialog.getByRole("combobox", { name: "Proprietário *" })).toContainText(ownerEmail);
  await dialog.getByRole("button", { name: "Criar Negócio" }).click();
  await expect(page.getByText("Negócio criado com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const [created] = await sql()`select id, monthly_fee::text as fee, subscription_status, phone from businesses where name = ${name}`;
  expect(created).toMatchObject({ fee: "199.90", subscription_status: "active", phone: "(65) 3000-1234" });
  const links = await sql()`select user_id, role from user_business_roles where business_id = ${created.id}`;
  expect(links.map((l) => [l.user_id, l.role])).toEqual([[ownerId, "owner"]]);
  const roles = await sql()`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${ownerId}`;
  expect(roles.map((r) => r.name)).toContain("business_owner");

  // Edit.
  await page.getByRole("searchbox", { name: "Buscar negócios" }).fill(name);
  const card = page.getByTestId("business-card").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Dona Escolhida");
  await card.getByRole("button", { name: `Editar ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar Negócio" });
  await expect(edit.getByLabel("Nome do Negócio *")).toHaveValue(name);
  const renamed = `${name} Renomeado`;
  await edit.getByLabel("Nome do Negócio *").fill(renamed);
  await edit.getByLabel("Status").click();
  await page.getByRole("option", { name: "Inativo" }).click();
  await edit.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page.getByText("Negócio atualizado com sucesso!")).toBeVisible();
  const [updated] = await sql()`select name, subscription_status from businesses where id = ${created.id}`;
  expect(updated).toMatchObject({ name: renamed, subscription_status: "inactive" });

  // Delete: the confirmation says what goes with it.
  await page.getByRole("searchbox", { name: "Buscar negócios" }).fill(renamed);
  const renamedCard = page.getByTestId("business-card").filter({ hasText: renamed });
  await expect(renamedCard).toContainText("Inativo");
  await renamedCard.getByRole("button", { name: `Excluir ${renamed}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Excluir negócio?");
  await expect(confirm).toContainText("0 agendamentos, 0 clientes, 0 serviços, 0 profissionais, 1 vínculo da equipe e 0 convites");
  await expect(confirm).toContainText("Esta ação não pode ser desfeita.");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  expect(await sql()`select 1 from businesses where id = ${created.id}`).toHaveLength(1);
  await renamedCard.getByRole("button", { name: `Excluir ${renamed}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Negócio excluído com sucesso!")).toBeVisible();
  await expect(page.getByText("Nenhum negócio encontrado.")).toBeVisible();
  expect(await sql()`select 1 from businesses where id = ${created.id}`).toHaveLength(0);
  expect(await sql()`select 1 from users where id = ${ownerId}`).toHaveLength(1);
});

test("deleting a seeded-like business names its appointments, clients and team in the confirmation", async ({ page }) => {
  const t = uid();
  const ownerId = (await createAccount({ email: `dono-del-${t}@exemplo.com.br`, fullName: `Dono Del ${t}`, password: null, verified: false })).id;
  const name = `Com Dados ${t}`;
  const businessId = await createBusiness({ name, ownerId });
  const [client] = await sql()`insert into clients (business_id, name) values (${businessId}, 'Cliente X') returning id`;
  await sql()`insert into services (business_id, name, duration_minutes) values (${businessId}, 'Corte', 30)`;
  await sql()`insert into appointments (business_id, client_id, date, time) values (${businessId}, ${client.id}, '2031-02-03', '10:00')`;
  await loginAdmin(page);
  await page.goto(`/admin/businesses?q=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `Excluir ${name}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("1 agendamento, 1 cliente, 1 serviço, 0 profissionais, 1 vínculo da equipe e 0 convites");
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Negócio excluído com sucesso!")).toBeVisible();
  for (const table of ["appointments", "clients", "services", "user_business_roles"]) {
    expect(await sql()`select 1 from ${sql()(table)} where business_id = ${businessId}`, table).toHaveLength(0);
  }
});
