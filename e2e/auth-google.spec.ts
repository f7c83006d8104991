import { allowConsoleErrors, LOGIN_REFUSED, expect, test } from "./fixtures";
import { hashPassword } from "../lib/auth/password";
import { expectToast, login, runtime, signInAtProvider, sql, startGoogleSignIn, uniqueEmail } from "./support";
import { UNVERIFIED_PREFIX } from "./oidc-provider";

test.describe("Google (local OpenID provider)", () => {
  // The local provider's own sign-in page (it plays Google) asks for resources this closed network lacks.
  test.beforeEach(() => allowConsoleErrors(/^console\.error em http:\/\/127\.0\.0\.1:\d+\/interaction\//));
  test("first sign-in → 'Cadastre seu Negócio' → the app opens as owner; the next sign-in goes straight in", async ({ page }) => {
    expect(runtime().oidcIssuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const email = uniqueEmail("ana.souza");
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continuar com Google" }).click();
    await signInAtProvider(page, email);

    await expect(page.getByRole("heading", { name: "Cadastre seu Negócio" })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByLabel("E-mail")).toHaveValue(email);
    await expect(page.getByLabel("E-mail")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(/^Ana Souza/);
    await expect(page.getByRole("link", { name: /Conheça o Agenda/ })).toBeVisible();
    const [user] = await sql()`select full_name, registered, password_hash from users where email = ${email}`;
    expect(user).toMatchObject({ registered: false, password_hash: null });
    expect(user.full_name).toMatch(/^Ana Souza/);

    await page.getByLabel("Nome da Empresa").fill("E");
    await expect(page.getByText("Nome da empresa deve ter pelo menos 2 caracteres")).toBeVisible();
    await page.getByLabel("Nome da Empresa").fill("Espaço Ana");
    await page.getByLabel("Telefone").fill("(65) 99999-1234");
    await page.getByLabel("Descrição da Empresa").fill("Estética e cabelo");
    await page.getByRole("button", { name: "Finalizar Cadastro" }).click();
    // The toast comes with the agenda's first load, which a busy machine (two app servers and two
    // browsers on 2 cores) has taken over 10 s to show.
    await expect(page).toHaveURL(/\/appointments$/, { timeout: 20_000 });
    await expectToast(page, "Cadastro realizado com sucesso!", "Agenda");

    const [biz] = await sql()`
      select b.name, b.phone, b.description, b.subscription_status, b.booking_window_days, r.role, u.registered
      from users u join user_business_roles r on r.user_id = u.id join businesses b on b.id = r.business_id
      where u.email = ${email}`;
    expect(biz).toMatchObject({
      name: "Espaço Ana", phone: "(65) 99999-1234", description: "Estética e cabelo", subscription_status: "active",
      booking_window_days: 30, role: "owner", registered: true,
    });
    const roles = await sql()`select r.name from user_roles ur join roles r on r.id = ur.role_id join users u on u.id = ur.user_id where u.email = ${email}`;
    expect(roles.map((r) => r.name)).toEqual(["business_owner"]);

    // Signed out and back in through Google: straight into the app.
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continuar com Google" }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/appointments$/, { timeout: 20_000 });
  });

  test("the invite parameter survives the round trip", async ({ page }) => {
    // The invitation id is made up: the page logs that it could not accept it.
    allowConsoleErrors(/Convite não aceito automaticamente/);
    const email = uniqueEmail("convidada");
    const invite = "00000000-0000-4000-8000-000000000000";
    await page.goto("/auth");
    await startGoogleSignIn(page, `/auth?invite=${invite}`);
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(new RegExp(`/auth\\?invite=${invite}$`), { timeout: 20_000 });
  });

  test("an e-mail on the admin list becomes saas_admin at sign-in and lands on /admin", async ({ page }) => {
    // ADMIN_EMAILS of the e2e server lists Plataforma.Admin@Exemplo.com.br (mixed case on purpose).
    const email = "plataforma.admin@exemplo.com.br";
    await page.goto("/auth?callbackUrl=%2Fadmin");
    await page.getByRole("button", { name: "Continuar com Google" }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
    const [cfg] = await sql()`select config_value from saas_config where config_key = 'saas_admin_emails'`;
    expect(cfg.config_value).toEqual(expect.arrayContaining(["admin@exemplo.com.br", email]));
  });

  test("an address Google does not vouch for opens no account", async ({ page }) => {
    const email = uniqueEmail(UNVERIFIED_PREFIX);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continuar com Google" }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/auth/);
    await expectToast(page, "Erro no login com Google", "O Google não confirmou que este e-mail é seu.");
    expect(await sql()`select 1 from users where email = ${email}`).toHaveLength(0);
  });

  test("Google on an account someone pre-registered without confirming: their password stops working", async ({ page, browser }) => {
    allowConsoleErrors(LOGIN_REFUSED);
    const email = uniqueEmail("vitima");
    const [squatter] = await sql()<{ id: string }[]>`
      insert into users (email, password_hash, full_name, registered)
      values (${email}, ${await hashPassword("senha-do-invasor1")}, 'Invasor', true) returning id`;
    // The squatter is signed in somewhere.
    const squatterCtx = await browser.newContext();
    const squatterPage = await squatterCtx.newPage();
    await login(squatterPage, email, "senha-do-invasor1");

    await page.goto("/auth");
    await page.getByRole("button", { name: "Continuar com Google" }).click();
    await signInAtProvider(page, email);
    await expect(page).not.toHaveURL(/\/interaction\//);
    const [row] = await sql()`select password_hash, email_verified_at from users where id = ${squatter.id}`;
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();

    // The squatter's session is over, and the password no longer opens the account.
    await squatterPage.goto("/auth");
    await expect(squatterPage.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
    await squatterPage.getByLabel("E-mail").fill(email);
    await squatterPage.getByLabel("Senha", { exact: true }).fill("senha-do-invasor1");
    await squatterPage.getByRole("button", { name: "Entrar", exact: true }).click();
    await expectToast(squatterPage, "Erro no login", "E-mail ou senha incorretos.");
    await squatterCtx.close();
  });
});
