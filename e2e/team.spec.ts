import { expect, test } from "./fixtures";
import { createAccount, createBusiness, EMPLOYEE, expectToast, linkFromMail, login, outboxFor, sidebar, sql, switcher, uid } from "./support";

test("owner invites by e-mail → a new person signs up through the link → joins as employee → is removed", async ({ browser }) => {
  const owner = await createAccount({ fullName: "Dona Convida" });
  const business = `Salão Convite ${uid()}`;
  const businessId = await createBusiness({ name: business, ownerId: owner.id });
  const email = `novo-${uid()}@teste.com.br`;

  const ownerCtx = await browser.newContext();
  const ownerPage = await ownerCtx.newPage();
  await login(ownerPage, owner.email);
  await ownerPage.goto("/team-management");
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Gerenciar Equipe" })).toBeVisible();
  await ownerPage.getByRole("button", { name: "Convidar Membro" }).click();
  const dialog = ownerPage.getByRole("dialog", { name: "Convidar Membro" });
  const input = dialog.getByLabel("E-mail");
  const send = dialog.getByRole("button", { name: "Enviar Convite" });
  await expect(send).toBeDisabled();
  await input.fill("sem-arroba");
  await expect(dialog.getByText("Email inválido")).toBeVisible();
  await expect(send).toBeDisabled();
  await input.fill("");
  await input.blur();
  await expect(dialog.getByText("Email é obrigatório")).toBeVisible();
  await input.fill(`${"a".repeat(250)}@b.com`);
  await expect(dialog.getByText("Email deve ter no máximo 255 caracteres")).toBeVisible();
  await input.fill(`  ${email.toUpperCase()} `);
  await expect(send).toBeEnabled();
  await send.click();
  await expectToast(ownerPage, "Convite enviado!");
  await expect(dialog).toBeHidden();
  const invites = ownerPage.getByRole("table", { name: "Convites Pendentes" });
  await expect(invites.getByRole("row").filter({ hasText: email })).toContainText("Colaborador");

  // The e-mail names the business and the inviter and carries the link.
  const link = await linkFromMail(email, "/auth?invite=");
  const mail = outboxFor(email).at(-1)!.replace(/=\r?\n/g, "");
  expect(mail).toContain("Dona Convida");
  // The invitation's id and, beside it, the secret that proves the mailbox (never shown on a screen).
  expect(link).toMatch(/\/auth\?invite=[0-9a-f-]{36}&key=[\w-]{43}$/);
  const key = new URL(link).searchParams.get("key")!;
  await expect(ownerPage.locator("body")).not.toContainText(key);

  // The new person signs up through the link.
  const newCtx = await browser.newContext();
  const page = await newCtx.newPage();
  await page.goto(link);
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("E-mail")).toHaveAttribute("readonly", "");
  const create = page.getByRole("button", { name: "Criar conta" });
  await expect(create).toBeDisabled();
  await page.getByLabel("Nome completo").fill("Nova Colaboradora");
  await page.getByLabel("Senha", { exact: true }).fill("abcdefgh");
  await expect(page.getByText("A senha deve incluir letras e números")).toBeVisible();
  await page.getByLabel("Senha", { exact: true }).fill("senha1234");
  await page.getByLabel("Confirmar senha").fill("senha12345");
  await expect(page.getByText("Senhas não coincidem")).toBeVisible();
  await expect(create).toBeDisabled();
  await page.getByLabel("Confirmar senha").fill("senha1234");
  for (const item of ["Mínimo de 8 caracteres", "Contém letras", "Contém números", "Senhas coincidem", "Nome completo válido"]) {
    await expect(page.getByRole("listitem").filter({ hasText: item })).toHaveAttribute("data-ok", "true");
  }
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText("Bem-vindo à equipe!")).toBeVisible();
  await page.getByRole("link", { name: "Fazer login" }).click();
  await login(page, email, "senha1234");

  // Employee view: the business in the switcher, only the employee sidebar, reports closed.
  await page.goto("/appointments");
  await expect(switcher(page)).toContainText(business);
  await expect(sidebar(page).getByRole("group", { name: "Conta" })).toBeAttached();
  await expect(sidebar(page).getByRole("group", { name: "Relatórios" })).toHaveCount(0);
  await expect(sidebar(page).getByRole("group", { name: "Administração" })).toHaveCount(0);
  await page.goto("/reports/dashboard");
  await expect(page).toHaveURL(/\/appointments$/);

  // The owner sees the new member and removes them.
  await ownerPage.reload();
  const members = ownerPage.getByRole("table", { name: "Membros da Equipe" });
  const row = members.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Nova Colaboradora");
  await expect(row).toContainText("Colaborador");
  await expect(invites.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await expect(members.getByRole("row").filter({ hasText: owner.email }).getByRole("button")).toHaveCount(0);
  await row.getByRole("button", { name: /Remover/ }).click();
  const confirm = ownerPage.getByRole("alertdialog");
  await expect(confirm).toContainText("não pode ser desfeita");
  await confirm.getByRole("button", { name: "Remover" }).click();
  // While a dialog is open the page behind it is aria-hidden, so wait for it to close first.
  await expect(confirm).toBeHidden();
  await expectToast(ownerPage, "Membro removido");
  await expect(members.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await expect
    .poll(async () => (await sql()`select u.email, r.role from user_business_roles r join users u on u.id = r.user_id where r.business_id = ${businessId}`).map((r) => `${r.email} ${r.role}`))
    .toEqual([`${owner.email} owner`]);

  // The member's next request loses access.
  await page.goto("/appointments");
  await expect(page).not.toHaveURL(/\/appointments$/);
  await expect(page.getByText("Você ainda não faz parte de nenhum negócio")).toBeVisible();

  await ownerCtx.close();
  await newCtx.close();
});

test("invite refusals, deletion of a pending invitation and server-side owner check", async ({ browser }) => {
  const owner = await createAccount();
  const businessId = await createBusiness({ name: `Salão Regras ${uid()}`, ownerId: owner.id });
  const member = await createAccount({ role: "employee" });
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${member.id}, ${businessId}, 'employee')`;

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await login(page, owner.email);
  await page.goto("/team-management");
  const dialog = page.getByRole("dialog", { name: "Convidar Membro" });

  await page.getByRole("button", { name: "Convidar Membro" }).click();
  await dialog.getByLabel("E-mail").fill(member.email.toUpperCase());
  await dialog.getByRole("button", { name: "Enviar Convite" }).click();
  await expectToast(page, "Este usuário já faz parte da sua equipe.");
  await expect(dialog.getByLabel("E-mail")).toHaveValue(member.email.toUpperCase());

  const pendingEmail = `pendente-${uid()}@teste.com.br`;
  await dialog.getByLabel("E-mail").fill(pendingEmail);
  await dialog.getByRole("button", { name: "Enviar Convite" }).click();
  await expectToast(page, "Convite enviado!");
  await page.getByRole("button", { name: "Convidar Membro" }).click();
  await dialog.getByLabel("E-mail").fill(pendingEmail);
  await dialog.getByRole("button", { name: "Enviar Convite" }).click();
  await expectToast(page, "Já existe um convite pendente para este email.");
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  const invites = page.getByRole("table", { name: "Convites Pendentes" });
  await invites.getByRole("button", { name: `Excluir convite de ${pendingEmail}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(invites.getByText("Nenhum convite pendente.")).toBeVisible();
  expect(await sql()`select status from business_invitations where email = ${pendingEmail}`).toEqual([{ status: "cancelled" }]);

  // Invite again within the cool-down: the same invitation comes back, and no second e-mail goes out.
  expect(outboxFor(pendingEmail)).toHaveLength(1);
  await page.getByRole("button", { name: "Convidar Membro" }).click();
  await dialog.getByLabel("E-mail").fill(pendingEmail);
  await dialog.getByRole("button", { name: "Enviar Convite" }).click();
  await expectToast(page, "Convite reativado");
  await expect(invites.getByRole("row").filter({ hasText: pendingEmail })).toBeVisible();
  expect(await sql()`select status from business_invitations where email = ${pendingEmail}`).toEqual([{ status: "pending" }]);
  expect(outboxFor(pendingEmail)).toHaveLength(1);
  await ctx.close();

  // An employee never reaches team management.
  const empCtx = await browser.newContext();
  const emp = await empCtx.newPage();
  await login(emp, EMPLOYEE);
  await emp.goto("/team-management");
  await expect(emp).toHaveURL(/\/appointments$/);
  await empCtx.close();
});
