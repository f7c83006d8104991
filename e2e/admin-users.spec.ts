import { expect, test, type Page } from "./fixtures";
import { ADMIN, createAccount, createBusiness, loginAdmin, sql, uid } from "./support";

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Buscar usuários" }).fill(text);
  await page.waitForURL((url) => url.searchParams.get("q") === text.trim());
}

test("'Usuários do Sistema': search by name, e-mail and company; card details", async ({ page }) => {
  const t = uid();
  const email = `helena-${t}@exemplo.com.br`;
  await createAccount({ email, fullName: `Helena Busca ${t}`, companyName: `Empresa Própria ${t}`, role: "business_owner", password: null, verified: false });
  const memberEmail = `membro-${t}@exemplo.com.br`;
  const memberId = (await createAccount({ email: memberEmail, fullName: `Membro ${t}`, role: "employee", password: null, verified: false })).id;
  const businessId = await createBusiness({ name: `Salão do Membro ${t}` });
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${memberId}, ${businessId}, 'employee')`;

  await loginAdmin(page);
  await page.goto("/admin/users");
  await expect(page.getByRole("tab", { name: "Usuários do Sistema" })).toHaveAttribute("aria-selected", "true");

  for (const q of [`helena busca ${t}`, email, `empresa própria ${t}`]) {
    await search(page, q);
    await expect(page.getByTestId("user-card")).toHaveCount(1);
    const card = page.getByTestId("user-card");
    await expect(card).toContainText(`Helena Busca ${t}`);
    await expect(card).toContainText(email);
    await expect(card).toContainText(`Empresa Própria ${t}`);
    await expect(card).toContainText("Proprietário");
    await expect(card).toContainText(/Criado em \d{2}\/\d{2}\/\d{4}/);
  }
  // Company = a business the user belongs to.
  await search(page, `salão do membro ${t}`);
  await expect(page.getByTestId("user-card")).toHaveCount(1);
  await expect(page.getByTestId("user-card")).toContainText(memberEmail);
  await expect(page.getByTestId("user-card")).toContainText("Colaborador");

  await search(page, `ninguem-${t}`);
  await expect(page.getByText("Nenhum usuário encontrado.")).toBeVisible();
});

test("the saas_admin has no delete button; other users do", async ({ page }) => {
  await loginAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(ADMIN)}`);
  const card = page.getByTestId("user-card").filter({ hasText: ADMIN });
  await expect(card).toContainText("Admin SaaS");
  await expect(card.getByRole("button", { name: `Editar ${ADMIN}` })).toBeVisible();
  await expect(card.getByRole("button", { name: /Excluir/ })).toHaveCount(0);

  await page.goto("/admin/users?q=dono@exemplo.com.br");
  await expect(page.getByRole("button", { name: "Excluir dono@exemplo.com.br" })).toBeVisible();
});

test("edit a user's name, company, phone and role", async ({ page }) => {
  const t = uid();
  const email = `editar-${t}@exemplo.com.br`;
  const id = (await createAccount({ email, fullName: `Antes ${t}`, role: "client", password: null, verified: false })).id;
  await loginAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: `Editar ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Editar Usuário" });
  await expect(dialog.getByLabel("Nome completo")).toHaveValue(`Antes ${t}`);
  await dialog.getByLabel("Nome completo").fill(`Depois ${t}`);
  await dialog.getByLabel("Empresa").fill(`Firma ${t}`);
  await dialog.getByLabel("Telefone").fill("(65) 98888-7777");
  await dialog.getByLabel("Papel").click();
  await page.getByRole("option", { name: "Colaborador" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Usuário atualizado com sucesso!")).toBeVisible();
  const card = page.getByTestId("user-card");
  await expect(card).toContainText(`Depois ${t}`);
  await expect(card).toContainText(`Firma ${t}`);
  await expect(card).toContainText("Colaborador");
  const [row] = await sql()`select full_name, company_name, phone from users where id = ${id}`;
  expect(row).toEqual({ full_name: `Depois ${t}`, company_name: `Firma ${t}`, phone: "(65) 98888-7777" });
  const roles = await sql()`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${id}`;
  expect(roles.map((r) => r.name)).toEqual(["employee"]);
});

test("delete a user after 'Tem certeza que deseja excluir este usuário?'", async ({ page }) => {
  const t = uid();
  const email = `excluir-${t}@exemplo.com.br`;
  const id = (await createAccount({ email, fullName: `Excluível ${t}`, role: "business_owner", password: null, verified: false })).id;
  const businessId = await createBusiness({ name: `Negócio do Excluível ${t}`, ownerId: id });
  await loginAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: `Excluir ${email}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Tem certeza que deseja excluir este usuário?");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  expect(await sql()`select 1 from users where id = ${id}`).toHaveLength(1);

  // The only owner of a business is not deleted: the refusal names the business.
  await page.getByRole("button", { name: `Excluir ${email}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Erro ao excluir usuário")).toBeVisible();
  await expect(page.getByText(`Este usuário é o único proprietário de: Negócio do Excluível ${t}.`)).toBeVisible();
  expect(await sql()`select 1 from users where id = ${id}`).toHaveLength(1);

  // Once someone else owns it too, the user can go.
  const heir = (await createAccount({ email: `herdeiro-${t}@exemplo.com.br`, fullName: `Herdeiro ${t}`, role: "business_owner", password: null, verified: false })).id;
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${heir}, ${businessId}, 'owner')`;
  await page.getByRole("button", { name: `Excluir ${email}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Usuário excluído com sucesso!")).toBeVisible();
  await expect(page.getByText("Nenhum usuário encontrado.")).toBeVisible();
  expect(await sql()`select 1 from users where id = ${id}`).toHaveLength(0);
  expect(await sql()`select 1 from user_roles where user_id = ${id}`).toHaveLength(0);
  expect(await sql()`select 1 from user_business_roles where user_id = ${id}`).toHaveLength(0);
  expect(await sql()`select 1 from businesses where id = ${businessId}`).toHaveLength(1);
});

test("'Emails de Admin': add (trimmed, lower-cased), empty ignored, duplicate refused, remove", async ({ page }) => {
  const t = uid();
  const email = `novo-admin-${t}@exemplo.com.br`;
  await loginAdmin(page);
  await page.goto("/admin/users");
  await page.getByRole("tab", { name: "Emails de Admin" }).click();
  await expect(page).toHaveURL(/tab=admins/);
  const list = page.getByRole("list", { name: "E-mails de admin" });
  await expect(list).toContainText(ADMIN);

  const before = await list.getByRole("listitem").count();
  await page.getByLabel("Novo e-mail de admin").fill("   ");
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(before);

  await page.getByLabel("Novo e-mail de admin").fill(`  ${email.toUpperCase()}  `);
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("E-mail de admin adicionado")).toBeVisible();
  await expect(list).toContainText(email);
  await expect(page.getByLabel("Novo e-mail de admin")).toHaveValue("");
  const [cfg] = await sql()`select config_value from saas_config where config_key = 'saas_admin_emails'`;
  expect(cfg.config_value).toContain(email);

  await page.getByLabel("Novo e-mail de admin").fill(email);
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Este email já está na lista de admins")).toBeVisible();
  await expect(page.getByLabel("Novo e-mail de admin")).toHaveValue(email);

  await list.getByRole("button", { name: `Remover ${email}` }).click();
  await expect(page.getByText("E-mail de admin removido")).toBeVisible();
  await expect(list).not.toContainText(email);
  const [after] = await sql()`select config_value from saas_config where config_key = 'saas_admin_emails'`;
  expect(after.config_value).not.toContain(email);
});

test("the server-side duplicate check answers with the spec's message", async ({ page }) => {
  // The list on screen is stale: someone else added the e-mail meanwhile.
  const t = uid();
  const email = `corrida-${t}@exemplo.com.br`;
  await loginAdmin(page);
  await page.goto("/admin/users?tab=admins");
  await sql()`update saas_config set config_value = config_value || jsonb_build_array(${email}::text) where config_key = 'saas_admin_emails'`;
  await page.getByLabel("Novo e-mail de admin").fill(email);
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Este email já está na lista de admins")).toBeVisible();
  await sql()`update saas_config set config_value = config_value - ${email}::text where config_key = 'saas_admin_emails'`;
});
