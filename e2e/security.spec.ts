import { LOGIN_REFUSED, allowConsoleErrors, expect, test, type Page } from "./fixtures";
import { subjectKey } from "../lib/core/rate-limit/keys";
import { captureAction, createAccount, expectToast, linkFromMail, login, outboxFor, replayAction, sql, uid, uniqueEmail } from "./support";

async function rateLimitKeys(prefix: string): Promise<string[]> {
  const rows = await sql()<{ key: string }[]>`select key from rate_limits where key like ${`${prefix}:%`}`;
  return rows.map((r) => r.key);
}

async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: "Menu do usuário" }).click();
}

test("throttling counts the address nginx saw: a forged X-Forwarded-For picks no bucket of its own", async ({ page }) => {
  allowConsoleErrors(LOGIN_REFUSED);
  const account = await createAccount();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.77" });
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expectToast(page, "Erro no login", "E-mail ou senha incorretos.");

  const keys = await rateLimitKeys("login.pair");
  // nginx appends the address it received the request from ("203.0.113.77, 127.0.0.1") and the
  // instances trust one hop (TRUSTED_PROXY_HOPS=1): the failure counts for that last entry, the real peer.
  expect(keys).not.toContain(`login.pair:${subjectKey(account.email, "203.0.113.77")}`);
  const peers = ["127.0.0.1", "::1"].map((a) => `login.pair:${subjectKey(account.email, a)}`);
  expect(keys.filter((k) => peers.includes(k))).toHaveLength(1);
});

test("a stranger signing up with a listed admin e-mail gets no admin access: the mailbox owner confirms by choosing the password", async ({ page, browser }) => {
  // The stranger's open page has its live stream refused once their session ends, and their login is refused.
  allowConsoleErrors(LOGIN_REFUSED);
  const email = uniqueEmail("futuro.admin");
  await sql()`update saas_config set config_value = config_value || jsonb_build_array(${email}::text) where config_key = 'saas_admin_emails'`;

  await page.goto("/auth");
  await page.getByRole("button", { name: "Cadastre-se" }).click();
  await page.getByLabel("Nome completo").fill("Quem Digitou");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("segredo1");
  await page.getByLabel("Confirmar senha").fill("segredo1");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expectToast(page, "Cadastro realizado com sucesso!");

  await login(page, email, "segredo1");
  await page.goto("/");
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByText("Confirme seu e-mail")).toBeVisible();
  await page.goto("/admin");
  await expect(page).not.toHaveURL(/\/admin/);
  const roles = await sql()`select r.name from user_roles ur join roles r on r.id = ur.role_id join users u on u.id = ur.user_id where u.email = ${email}`;
  expect(roles.map((r) => r.name)).not.toContain("saas_admin");

  // The owner of the address opens the link in their own browser: it asks them for the password.
  const mailboxCtx = await browser.newContext();
  const mailbox = await mailboxCtx.newPage();
  await mailbox.goto(await linkFromMail(email, "/confirm-email?token="));
  await expect(mailbox.getByText(`Para confirmar ${email}, escolha a senha da conta.`, { exact: false })).toBeVisible();
  await mailbox.getByLabel("Senha", { exact: true }).fill("da-dona-1");
  await mailbox.getByLabel("Confirmar senha").fill("da-dona-1");
  await mailbox.getByRole("button", { name: "Confirmar e-mail" }).click();
  await expect(mailbox).toHaveURL(/\/auth$/);
  await expectToast(mailbox, "E-mail confirmado!");
  await login(mailbox, email, "da-dona-1");
  await mailbox.goto("/");
  await expect(mailbox).toHaveURL(/\/admin$/);
  await mailboxCtx.close();

  // Whoever typed the address is out: their session ended and their password no longer opens it.
  await page.goto("/appointments");
  await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fappointments$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("segredo1");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expectToast(page, "Erro no login", "E-mail ou senha incorretos.");
});

test("'Confirme seu e-mail' in the app with a rate-limited 'Reenviar e-mail'; the banner leaves once confirmed", async ({ page }) => {
  const account = await createAccount({ business: true });
  await sql()`update users set email_verified_at = null where id = ${account.id}`;
  await login(page, account.email);
  await page.goto("/");
  await expect(page).toHaveURL(/\/appointments$/);
  const notice = page.getByRole("status").filter({ hasText: "Confirme seu e-mail" });
  await expect(notice).toContainText(account.email);

  await notice.getByRole("button", { name: "Reenviar e-mail" }).click();
  await expectToast(page, "E-mail reenviado");
  expect(outboxFor(account.email)).toHaveLength(1);
  await notice.getByRole("button", { name: "Reenviar e-mail" }).click();
  await expectToast(page, "Não foi possível reenviar", "Muitas tentativas.");
  expect(outboxFor(account.email)).toHaveLength(1);

  // 'Reenviar e-mail' came from this signed-in browser: one click confirms and it stays signed in.
  await page.goto(await linkFromMail(account.email, "/confirm-email?token="));
  await page.getByRole("button", { name: "Confirmar e-mail" }).click();
  await expectToast(page, "E-mail confirmado!");
  await expect(page).toHaveURL(/\/appointments$/);
  await page.goto("/appointments");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Confirme seu e-mail")).toHaveCount(0);
});

test("'Sair de todos os dispositivos' ends the sessions of every browser", async ({ browser }) => {
  // The other browsers' open pages have their live streams refused, as they should be.
  allowConsoleErrors(/status of 401 \(Unauthorized\) \(http:\/\/localhost:\d+\/api\/realtime(\?after=[^)]*)?\)/);
  const account = await createAccount({ business: true });
  const phoneCtx = await browser.newContext();
  const laptopCtx = await browser.newContext();
  const phone = await phoneCtx.newPage();
  const laptop = await laptopCtx.newPage();
  await login(phone, account.email);
  await phone.goto("/");
  await login(laptop, account.email);
  await laptop.goto("/");

  await openUserMenu(laptop);
  await laptop.getByRole("menuitem", { name: "Sair de todos os dispositivos" }).click();
  await expect(laptop).toHaveURL(/\/auth$/);
  await expectToast(laptop, "Sessões encerradas", "Você saiu de todos os dispositivos.");

  await phone.goto("/appointments");
  await expect(phone).toHaveURL(/\/auth\?callbackUrl=%2Fappointments$/);
  // Signing in again works.
  await login(phone, account.email);
  await phone.goto("/");
  await expect(phone).toHaveURL(/\/appointments$/);
  await phoneCtx.close();
  await laptopCtx.close();
});

test("'Sair' ends the session on the server: a copy of its cookie opens no page and runs no action", async ({ browser }) => {
  // The signed-out copy's open page has its live stream refused, as it should be.
  allowConsoleErrors(/status of 401 \(Unauthorized\) \(http:\/\/localhost:\d+\/api\/realtime(\?after=[^)]*)?\)/);
  const account = await createAccount({ business: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, account.email);
  await page.goto("/");
  // A server action to replay with the copy: saving a new client, stopped before it reaches the server.
  const name = `Copiado ${uid()}`;
  await page.goto("/clients");
  await page.getByRole("button", { name: "Novo Cliente" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
  await dialog.getByLabel("Nome *").fill(name);
  const action = await captureAction(page, () => dialog.getByRole("button", { name: "Salvar" }).click());
  const copy = (await context.cookies()).filter((c) => c.name === "next-auth.session-token");
  expect(copy).toHaveLength(1);

  // Until 'Sair', the copy works in another browser.
  const other = await browser.newContext();
  await other.addCookies(copy);
  const thief = await other.newPage();
  await thief.goto("/clients");
  await expect(thief.getByRole("button", { name: "Novo Cliente" })).toBeVisible();

  await page.goto("/appointments");
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Sair", exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, "Logout realizado", "Você foi desconectado com sucesso.");

  // The copy, in a fresh browser: no page, no action, no live stream.
  const fresh = await browser.newContext();
  await fresh.addCookies(copy);
  const replayed = await fresh.newPage();
  await replayed.goto("/clients");
  await expect(replayed).toHaveURL(/\/auth\?callbackUrl=%2Fclients$/);
  // Put back in case the sign-in page's own requests had the browser drop it.
  await fresh.addCookies(copy);
  const res = await replayAction(replayed, action);
  expect(res.text).toContain("Sessão expirada. Faça login novamente.");
  expect(res.text).not.toContain('"ok":true');
  expect(await sql()`select 1 from clients where name = ${name}`).toHaveLength(0);
  expect((await replayed.request.get("/api/realtime")).status()).toBe(401);
  for (const c of [context, other, fresh]) await c.close();
});
