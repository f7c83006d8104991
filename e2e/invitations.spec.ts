import { allowConsoleErrors, expect, test, type Page } from "./fixtures";
import { createAccount, createBusiness, expectToast, insertInvitation, invitationSecret, invitationStatus, linkFromMail, login, memberships, sql, switcher, uid } from "./support";

/** The page logs an invitation it could not accept (spec: errors are only logged). */
const AUTO_ACCEPT_REFUSED = /Convite não aceito automaticamente/;

/** The page's automatic acceptance answered with a refusal (register before the navigation). */
function acceptRefused(page: Page) {
  return page.waitForEvent("console", (m) => AUTO_ACCEPT_REFUSED.test(m.text()));
}

test("an invitation cannot be accepted by a different signed-in account", async ({ page }) => {
  allowConsoleErrors(AUTO_ACCEPT_REFUSED);
  const owner = await createAccount();
  const businessId = await createBusiness({ name: `Salão Alheio ${uid()}`, ownerId: owner.id });
  const invitationId = await insertInvitation(businessId, `alvo-${uid()}@teste.com.br`, owner.id);
  const intruder = await createAccount();
  await login(page, intruder.email);
  await page.goto("/");
  const refused = acceptRefused(page);
  await page.goto(`/auth?invite=${invitationId}`);
  await expect(page.getByText(/Você já está conectado como/).first()).toBeVisible();
  await refused;
  expect(await memberships(intruder.id, businessId)).toHaveLength(0);
  expect(await invitationStatus(invitationId)).toBe("pending");
  await expect(page.getByText("Convite aceito automaticamente!")).toHaveCount(0);
});

test("an expired invitation cannot be accepted, signed in or through the sign-up form", async ({ page, browser }) => {
  allowConsoleErrors(AUTO_ACCEPT_REFUSED);
  const owner = await createAccount();
  const businessId = await createBusiness({ name: `Salão Expirado ${uid()}`, ownerId: owner.id });
  const invited = await createAccount();
  const invitationId = await insertInvitation(businessId, invited.email, owner.id);
  await sql()`update business_invitations set expires_at = now() - interval '1 minute' where id = ${invitationId}`;

  await login(page, invited.email);
  await page.goto("/");
  const refused = acceptRefused(page);
  await page.goto(`/auth?invite=${invitationId}`);
  await expect(page.getByText(/Você já está conectado como/).first()).toBeVisible();
  await refused;
  expect(await memberships(invited.id, businessId)).toHaveLength(0);
  await expect(page.getByText("Você tem convites pendentes")).toHaveCount(0);

  const anon = await browser.newContext();
  const visitor = await anon.newPage();
  const newEmail = `expira-${uid()}@teste.com.br`;
  const second = await insertInvitation(businessId, newEmail, owner.id);
  await sql()`update business_invitations set expires_at = now() - interval '1 second' where id = ${second}`;
  await visitor.goto(`/auth?invite=${second}`);
  await expect(visitor.getByText("Erro ao aceitar convite")).toBeVisible();
  await expect(visitor.getByText("Verifique se o convite ainda é válido.")).toBeVisible();
  await anon.close();
});

test("a signed-in invited user gets it accepted automatically, once", async ({ page, browser }) => {
  allowConsoleErrors(AUTO_ACCEPT_REFUSED);
  const owner = await createAccount();
  const name = `Salão Auto ${uid()}`;
  const businessId = await createBusiness({ name, ownerId: owner.id });
  const invited = await createAccount({ role: "employee" });
  const invitationId = await insertInvitation(businessId, invited.email.toUpperCase(), owner.id);

  await login(page, invited.email);
  await page.goto(`/auth?invite=${invitationId}`);
  await expectToast(page, `Você agora faz parte da equipe da ${name}.`);
  await expect(page).toHaveURL(/\/appointments$/, { timeout: 15_000 });
  await expect(switcher(page)).toContainText(name);
  expect(await memberships(invited.id, businessId)).toEqual([{ role: "employee" }]);
  expect(await invitationStatus(invitationId)).toBe("accepted");
  const [before] = await sql()<{ accepted_at: Date }[]>`select accepted_at from business_invitations where id = ${invitationId}`;

  // Twice: nothing more happens, and the link is dead for a sign-up too.
  const refused = acceptRefused(page);
  await page.goto(`/auth?invite=${invitationId}`);
  await refused;
  await expect(page.getByText("Convite aceito automaticamente!")).toHaveCount(0);
  expect(await memberships(invited.id, businessId)).toHaveLength(1);
  const [after] = await sql()<{ accepted_at: Date }[]>`select accepted_at from business_invitations where id = ${invitationId}`;
  expect(after.accepted_at.getTime()).toBe(before.accepted_at.getTime());

  const anon = await browser.newContext();
  const visitor = await anon.newPage();
  await visitor.goto(`/auth?invite=${invitationId}`);
  await expect(visitor.getByText("Erro ao aceitar convite")).toBeVisible();
  await anon.close();
});

test("pending invitations: Recusar cancels one, Aceitar joins the other", async ({ page }) => {
  const ownerA = await createAccount();
  const ownerB = await createAccount();
  const nameA = `Salão Recusa ${uid()}`;
  const nameB = `Salão Aceita ${uid()}`;
  const a = await createBusiness({ name: nameA, ownerId: ownerA.id });
  const b = await createBusiness({ name: nameB, ownerId: ownerB.id });
  const me = await createAccount({ role: "employee" });
  const invA = await insertInvitation(a, me.email, ownerA.id);
  const invB = await insertInvitation(b, me.email, ownerB.id);

  await login(page, me.email);
  await page.goto("/auth");
  await expect(page.getByText("Você tem convites pendentes")).toBeVisible();
  const cardA = page.locator("section").filter({ hasText: "Você tem convites pendentes" }).locator("> div").filter({ hasText: `Convite para ${nameA}` });
  const cardB = page.locator("section").filter({ hasText: "Você tem convites pendentes" }).locator("> div").filter({ hasText: `Convite para ${nameB}` });
  await expect(cardA.getByText("Colaborador")).toBeVisible();
  await expect(cardA.getByText(/Expira em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  await cardA.getByRole("button", { name: "Recusar" }).click();
  await expectToast(page, "O convite foi recusado.");
  await expect(cardA).toHaveCount(0);
  expect(await invitationStatus(invA)).toBe("cancelled");

  await cardB.getByRole("button", { name: "Aceitar" }).click();
  await expectToast(page, "Você agora faz parte da equipe. Redirecionando...");
  await expect(page).toHaveURL(/\/appointments$/, { timeout: 15_000 });
  expect(await invitationStatus(invB)).toBe("accepted");
  expect(await memberships(me.id, b)).toEqual([{ role: "employee" }]);
  expect(await memberships(me.id, a)).toHaveLength(0);
});

test("an unconfirmed account with the invited address sees no pending invitation; the e-mailed link itself proves the address", async ({ page }) => {
  allowConsoleErrors(AUTO_ACCEPT_REFUSED);
  const owner = await createAccount();
  const business = `Salão Recepção ${uid()}`;
  const businessId = await createBusiness({ name: business, ownerId: owner.id });
  const invitedEmail = `recepcao-${uid()}@teste.com.br`;
  // Someone signed up with the invited address and never confirmed it.
  const [squatter] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, full_name, registered)
    select ${invitedEmail}, password_hash, 'Quem Digitou', true from users where email = 'dono@exemplo.com.br'
    returning id`;
  const invitationId = await insertInvitation(businessId, invitedEmail, owner.id);

  await login(page, invitedEmail);
  await page.goto("/auth");
  await expect(page.getByText(/Você já está conectado como/).first()).toBeVisible();
  await expect(page.getByText("Confirme seu e-mail")).toBeVisible();
  // The list is rendered with the page (a server component): what shows now is all there is.
  await expect(page.getByText("Você tem convites pendentes")).toHaveCount(0);
  expect(await invitationStatus(invitationId)).toBe("pending");

  // The id alone (which the inviter reads) proves nothing: nothing is accepted.
  // The page's attempt to accept answers with a refusal, which it logs; after that answer, nothing changed.
  const refused = page.waitForEvent("console", (m) => m.text().includes("Convite não aceito automaticamente"));
  await page.goto(`/auth?invite=${invitationId}`);
  await refused;
  expect(await invitationStatus(invitationId)).toBe("pending");
  expect(await memberships(squatter.id, businessId)).toHaveLength(0);

  // Whoever follows the link that was e-mailed to the address (its secret `key`) owns it: accepted, and the address confirmed.
  await page.goto(`/auth?invite=${invitationId}&key=${await invitationSecret(invitationId)}`);
  await expectToast(page, "Convite aceito automaticamente!");
  await expect.poll(() => invitationStatus(invitationId)).toBe("accepted");
  expect(await memberships(squatter.id, businessId)).toEqual([{ role: "employee" }]);
  const [row] = await sql()`select email_verified_at from users where id = ${squatter.id}`;
  expect(row.email_verified_at).not.toBeNull();
});

test("a sign-up through the bare ?invite= id (no e-mailed key) creates an unconfirmed account that joins nobody until it is confirmed", async ({ page }) => {
  const owner = await createAccount();
  const business = `Salão Sem Chave ${uid()}`;
  const businessId = await createBusiness({ name: business, ownerId: owner.id });
  const email = `sem-chave-${uid()}@teste.com.br`;
  const invitationId = await insertInvitation(businessId, email, owner.id);
  await invitationSecret(invitationId);

  await page.goto(`/auth?invite=${invitationId}`);
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByLabel("Nome completo").fill("Quem Sabe o Id");
  await page.getByLabel("Senha", { exact: true }).fill("senha1234");
  await page.getByLabel("Confirmar senha").fill("senha1234");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("heading", { name: "Confirme seu e-mail" })).toBeVisible();
  await expect(page.getByText(`Enviamos um link de confirmação para ${email}`)).toBeVisible();
  await expect(page.getByText("Bem-vindo à equipe!")).toHaveCount(0);

  const [user] = await sql()<{ id: string; email_verified_at: Date | null }[]>`select id, email_verified_at from users where email = ${email}`;
  expect(user.email_verified_at).toBeNull();
  expect(await memberships(user.id, businessId)).toHaveLength(0);
  expect(await invitationStatus(invitationId)).toBe("pending");

  // Our confirmation link went to the address; following it, the invitation is listed to be accepted.
  const confirm = await linkFromMail(email, "/confirm-email");
  await login(page, email, "senha1234");
  await page.goto(confirm);
  await page.getByRole("button", { name: "Confirmar e-mail" }).click();
  await expectToast(page, "E-mail confirmado!");
  await page.goto("/auth");
  const pending = page.locator("section").filter({ hasText: "Você tem convites pendentes" });
  await expect(pending.getByText(`Convite para ${business}`)).toBeVisible();
});
