import { createHash, randomBytes } from "node:crypto";
import { LOGIN } from "../lib/core/rate-limit/policies";
import { LOGIN_REFUSED, allowConsoleErrors, expect, test } from "./fixtures";
import { ADMIN, createAccount, expectToast, linkFromMail, login, outboxFor, OWNER, PASSWORD, sql, uniqueEmail } from "./support";

test.describe("/auth login mode", () => {
  test("shows the login form with every control of the spec", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByLabel("E-mail")).toBeVisible();
    await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Mostrar senha" }).click();
    await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Ocultar senha" }).click();
    await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continuar com Google" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Esqueci minha senha" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cadastre-se" })).toBeVisible();
  });

  test("validates on change with the spec's messages", async ({ page }) => {
    await page.goto("/auth");
    const email = page.getByLabel("E-mail");
    const password = page.getByLabel("Senha", { exact: true });
    await email.fill("abc");
    await expect(page.getByText("Email inválido")).toBeVisible();
    await email.fill("");
    await expect(page.getByText("Email é obrigatório")).toBeVisible();
    await email.fill("dono@exemplo.com.br");
    await expect(page.getByText("Email é obrigatório")).toHaveCount(0);
    await password.fill("x");
    await password.fill("");
    await expect(page.getByText("Senha é obrigatória")).toBeVisible();
  });

  test("an empty submit shows the required messages and sends nothing", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("Email é obrigatório")).toBeVisible();
    await expect(page.getByText("Senha é obrigatória")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a wrong password: 'Erro no login' with the reason, input kept", async ({ page }) => {
    allowConsoleErrors(LOGIN_REFUSED);
    const account = await createAccount();
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expectToast(page, "Erro no login", "E-mail ou senha incorretos.");
    await expect(page.getByLabel("E-mail")).toHaveValue(account.email);
    await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeEnabled();
  });

  test("repeated failures make this account+address wait, with a clear message (never a lock for everyone)", async ({ page }) => {
    allowConsoleErrors(LOGIN_REFUSED);
    const account = await createAccount();
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(account.email);
    for (let i = 0; i < LOGIN.pair.free; i++) {
      await page.getByLabel("Senha", { exact: true }).fill(`errada-${i}`);
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      await expectToast(page, "Erro no login", "E-mail ou senha incorretos.");
      await page.locator("[data-sonner-toast]").first().getByRole("button", { name: /close|fechar/i }).click().catch(() => {});
    }
    await page.getByLabel("Senha", { exact: true }).fill("agenda123");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    // The last free failure earned a 30-second wait (a second may already have passed): the right password waits too.
    await expectToast(page, "Erro no login", "Muitas tentativas. Tente novamente em");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Muitas tentativas" }).first()).toContainText(/em ([1-9]|[12][0-9]|30) segundos\./);
  });

  test("login toasts, goes home once; /auth then offers 'Ir para o App' and 'Sair' with the logout toast", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(OWNER);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expectToast(page, "Login realizado com sucesso!", "Bem-vindo de volta.");
    await expect(page).not.toHaveURL(/\/auth/);
    await expect(page).toHaveURL(/\/appointments$/);

    await page.goto("/auth");
    await expect(page.getByText(`Você já está conectado como ${OWNER}`).first()).toBeVisible();
    await page.getByRole("link", { name: "Ir para o App" }).click();
    await expect(page).toHaveURL(/\/appointments$/);

    await page.goto("/auth");
    await page.getByRole("button", { name: "Sair" }).click();
    await expectToast(page, "Logout realizado", "Você foi desconectado com sucesso.");
    await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
    await page.goto("/appointments");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fappointments$/);
  });

  test("after login the user returns to the page they came from", async ({ page }) => {
    await page.goto("/reports/dashboard");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Freports%2Fdashboard$/);
    await page.getByLabel("E-mail").fill(OWNER);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/reports\/dashboard$/);
  });

  test("an outside callbackUrl is ignored; admins land on /admin", async ({ page }) => {
    await page.goto("/auth?callbackUrl=https%3A%2F%2Fevil.example%2Froubo");
    await page.getByLabel("E-mail").fill(ADMIN);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/localhost:\d+\/admin$/);
  });

  test("the light/dark switch changes the theme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/auth");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole("switch", { name: "Tema escuro" }).click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole("switch", { name: "Tema escuro" }).click();
    await expect(html).not.toHaveClass(/dark/);
  });
});

test.describe("/auth 'Criar conta' mode", () => {
  test("fields, terms note, validation messages and Voltar", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Cadastre-se" }).click();
    await expect(page.getByRole("heading", { name: "Criar conta" })).toBeVisible();
    await expect(page.getByText(/Termos de Uso/)).toBeVisible();
    await page.getByLabel("Nome completo").fill("A");
    await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await page.getByLabel("Email").fill("nao-e-email");
    await expect(page.getByText("Email inválido")).toBeVisible();
    await page.getByLabel("Senha", { exact: true }).fill("123");
    await expect(page.getByText("Senha deve ter pelo menos 6 caracteres")).toBeVisible();
    await page.getByLabel("Confirmar senha").fill("1234");
    await expect(page.getByText("Senhas não coincidem")).toBeVisible();
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByRole("heading", { name: "Criar conta" })).toBeVisible();
    await page.getByRole("button", { name: "Voltar" }).click();
    await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
  });

  test("a registered e-mail gets the same answer as a new one; only the address's owner hears of it", async ({ page }) => {
    const existing = await createAccount({ business: true });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Cadastre-se" }).click();
    await page.getByLabel("Nome completo").fill("Carla Repetida");
    await page.getByLabel("Email").fill(existing.email.toUpperCase());
    await page.getByLabel("Senha", { exact: true }).fill("abc123");
    await page.getByLabel("Confirmar senha").fill("abc123");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expectToast(page, "Cadastro realizado com sucesso!", "spam");
    const mails = outboxFor(existing.email);
    expect(mails).toHaveLength(1);
    // The subject 'Tentativa de cadastro com o seu e-mail — Agenda', as the .eml encodes it.
    expect(mails[0]).toContain("Subject: =?UTF-8?Q?Tentativa_de_cadastro_com_o_seu_e-mail");
    expect(await sql()`select 1 from users where lower(email) = ${existing.email}`).toHaveLength(1);
    // The real password still opens the account.
    await login(page, existing.email);
    await page.goto("/");
  });

  test("sign-up → confirmation e-mail → confirmed → login into a working business", async ({ page }) => {
    const email = uniqueEmail("novo.dono");
    await page.goto("/auth");
    await page.getByRole("button", { name: "Cadastre-se" }).click();
    await page.getByLabel("Nome completo").fill("Novo Dono");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await page.getByLabel("Confirmar senha").fill("segredo1");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expectToast(page, "Cadastro realizado com sucesso!", "spam");
    await expect(page.getByLabel("E-mail")).toHaveValue(email);

    const mail = outboxFor(email).at(-1) ?? "";
    expect(mail).toContain("Content-Type: text/html");
    expect(mail).toContain("Content-Type: text/plain");
    const link = await linkFromMail(email, "/confirm-email?token=");
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    // Opening the link changes nothing; this browser signed up, so its button keeps the password chosen here.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirmar e-mail" })).toBeVisible();
    await expect(page.getByText(`Confirme que ${email} é o seu e-mail para concluir o cadastro.`)).toBeVisible();
    await expect(page.getByLabel("Senha", { exact: true })).toHaveCount(0);
    const [before] = await sql()`select email_verified_at from users where email = ${email}`;
    expect(before.email_verified_at).toBeNull();
    await page.getByRole("button", { name: "Confirmar e-mail" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expectToast(page, "E-mail confirmado!");
    const [row] = await sql()`select email_verified_at from users where email = ${email}`;
    expect(row.email_verified_at).not.toBeNull();

    // The link is single-use.
    await page.goto(link);
    await expectToast(page, "Link inválido");

    await login(page, email, "segredo1");
    await page.goto("/");
    await expect(page).toHaveURL(/\/appointments$/);
    const [biz] = await sql()`
      select b.name, b.subscription_plan, b.subscription_status, b.booking_window_days, r.role
      from businesses b join user_business_roles r on r.business_id = b.id join users u on u.id = r.user_id
      where u.email = ${email}`;
    expect(biz).toMatchObject({ name: "Novo Negócio", subscription_plan: "plano único anual", subscription_status: "active", booking_window_days: 30, role: "owner" });
  });
});

test.describe("/auth 'Esqueci a senha' mode", () => {
  test("validation, the same answer for an unknown e-mail, 'Voltar ao login'", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Esqueci minha senha" }).click();
    await expect(page.getByRole("heading", { name: "Esqueci a senha" })).toBeVisible();
    await page.getByLabel("Email").fill("errado");
    await expect(page.getByText("Email inválido")).toBeVisible();
    await page.getByRole("button", { name: "Voltar" }).click();
    await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Esqueci minha senha" }).click();
    const unknown = uniqueEmail("ninguem");
    await page.getByLabel("Email").fill(unknown);
    await page.getByRole("button", { name: "Enviar email" }).click();
    await expectToast(page, "Email enviado!", "Verifique sua caixa de entrada para redefinir sua senha.");
    await expect(page.getByRole("heading", { name: "Email enviado!" })).toBeVisible();
    await expect(page.getByText(/O link expira em 1 hora/)).toBeVisible();
    await page.getByRole("button", { name: "Voltar ao login" }).click();
    await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
    expect(outboxFor(unknown)).toHaveLength(0);
  });

  test("forgot → e-mail → reset: old password refused, new works, old session gone, link single-use", async ({ page, browser }) => {
    allowConsoleErrors(LOGIN_REFUSED);
    const account = await createAccount({ password: "antiga123", business: true });

    // A second browser, signed in before the reset.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await login(otherPage, account.email, "antiga123");
    await otherPage.goto("/auth");
    await expect(otherPage.getByText(`Você já está conectado como ${account.email}`).first()).toBeVisible();

    await page.goto("/auth");
    await page.getByRole("button", { name: "Esqueci minha senha" }).click();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Enviar email" }).click();
    await expectToast(page, "Email enviado!");
    const link = await linkFromMail(account.email, "/reset-password?token=");
    expect(new URL(link).pathname).toBe("/reset-password");
    const token = new URL(link).searchParams.get("token")!;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const stored = await sql()`select token_hash from password_reset_tokens t join users u on u.id = t.user_id where u.email = ${account.email}`;
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    await page.goto(link);
    await page.getByLabel("Nova senha", { exact: true }).fill("123");
    await expect(page.getByText("Senha deve ter pelo menos 6 caracteres")).toBeVisible();
    await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha9");
    await page.getByLabel("Confirmar nova senha").fill("novaSenha8");
    await expect(page.getByText("Senhas não coincidem")).toBeVisible();
    await page.getByLabel("Confirmar nova senha").fill("novaSenha9");
    await page.getByRole("button", { name: "Redefinir senha" }).click();
    await expect(page.getByRole("heading", { name: "Senha redefinida com sucesso!" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/, { timeout: 6_000 });

    // Old password refused, new one works.
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Senha", { exact: true }).fill("antiga123");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expectToast(page, "Erro no login", "E-mail ou senha incorretos.");
    await login(page, account.email, "novaSenha9");

    // The session opened before the reset is gone.
    await otherPage.goto("/auth");
    await expect(otherPage.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
    const session = await otherPage.request.get("/api/auth/session");
    expect(await session.json()).toEqual({});
    await otherPage.goto("/reports/dashboard");
    await expect(otherPage).toHaveURL(/\/auth/);
    await other.close();

    // The link can't be used twice.
    await page.goto(link);
    await expectToast(page, "Link inválido", "Este link de redefinição de senha é inválido ou expirou.");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("missing, unknown and expired links say 'Link inválido' on both routes; a good link opens both", async ({ page }) => {
    const account = await createAccount();
    const expired = randomBytes(32).toString("base64url");
    const good = randomBytes(32).toString("base64url");
    const sha = (t: string) => createHash("sha256").update(t).digest("hex");
    await sql()`insert into password_reset_tokens (user_id, token_hash, expires_at)
      values (${account.id}, ${sha(expired)}, now() - interval '1 minute'), (${account.id}, ${sha(good)}, now() + interval '1 hour')`;
    for (const path of ["/reset-password", "/auth/reset-password"]) {
      await page.goto(`${path}?token=${good}`);
      await expect(page.getByLabel("Nova senha", { exact: true })).toBeVisible();
    }
    for (const path of [
      "/reset-password",
      "/auth/reset-password",
      "/reset-password?token=desconhecido",
      "/auth/reset-password?token=x",
      `/reset-password?token=${expired}`,
      `/auth/reset-password?token=${expired}`,
    ]) {
      await page.goto(path);
      await expectToast(page, "Link inválido", "Este link de redefinição de senha é inválido ou expirou.");
      await expect(page).toHaveURL(/\/auth$/);
    }
  });
});
