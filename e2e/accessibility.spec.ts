/**
 * axe (WCAG 2.1 A and AA rules) on every screen, in the light and the dark theme: no serious or
 * critical violation. The theme is next-themes' default 'system', so the browser's emulated colour
 * scheme picks it (and the test checks the page really is in that theme). Each screen is loaded
 * once and read whole in the light theme, then switched to dark where the rules that depend on
 * colours run again: the other rules read the same page either way.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { allowConsoleErrors, NOT_FOUND, expect, test, type Page } from "./fixtures";
import { COLOUR_RULES, expectAccessible as axeNow } from "./axe";
import { ADMIN, login, OWNER, PASSWORD, sql } from "./support";

/** Waits for the page to settle (its heading, no pending fade-in) before axe reads its colours. */
async function settle(page: Page, heading?: string | RegExp) {
  if (heading) await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready);
  await animationsDone(page);
}

/**
 * Every finite CSS transition and animation of the page has finished (axe must see the final
 * colours); endless ones (a loading pulse) never finish and don't count.
 */
async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * axe on the page as it is now, in the light theme and then in the dark one (back to light after).
 * Transitions go first: a section the browser skips drawing (content-visibility: auto, the agenda's
 * later days) restyles only when axe reads it, and its colours would then start their transition
 * from the light theme's, which axe would read instead of the dark theme's.
 */
async function expectAccessible(page: Page, screen: string) {
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await axeNow(page, screen);
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await animationsDone(page);
  await axeNow(page, `${screen} (tema escuro)`, undefined, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await animationsDone(page);
}

async function visit(page: Page, path: string, heading: string | RegExp, screen = path) {
  const t0 = Date.now();
  await page.goto(path);
  await settle(page, heading);
  if (process.env.AXE_TIMING) console.log(`[load] ${screen}: ${Date.now() - t0} ms`);
  await expectAccessible(page, screen);
}

async function newAccount(opts: { business: boolean }) {
  const email = `a11y-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  // The demo owner's password hash: same password (agenda123), no hashing here.
  const [u] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, email_verified_at, full_name, registered)
    select ${email}, password_hash, now(), 'Pessoa Acessível', ${opts.business} from users where email = ${OWNER}
    returning id`;
  return { id: u.id, email };
}

test.describe("temas claro e escuro", () => {
  test.use({ colorScheme: "light", reducedMotion: "reduce" });

  test("public screens: /auth in each mode, reset password, confirm e-mail, an invitation, the 404 page", async ({ page }) => {
    await visit(page, "/auth", "Acesse sua conta", "/auth (login)");
    await page.getByRole("button", { name: "Cadastre-se" }).click();
    await settle(page, "Criar conta");
    await expectAccessible(page, "/auth (criar conta)");
    await page.getByRole("button", { name: "Voltar" }).first().click();
    await page.getByRole("button", { name: "Esqueci minha senha" }).click();
    await settle(page, "Esqueci a senha");
    await expectAccessible(page, "/auth (esqueci a senha)");
    // The forms with their error messages showing.
    await page.getByRole("button", { name: "Enviar email" }).click();
    await expect(page.locator("[aria-invalid='true']").first()).toBeVisible();
    await animationsDone(page);
    await expectAccessible(page, "/auth (esqueci a senha, com erros)");
    await page.goto("/auth");
    await settle(page, "Acesse sua conta");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.locator("[aria-invalid='true']").first()).toBeVisible();
    await animationsDone(page);
    await expectAccessible(page, "/auth (login, com erros)");

    const account = await newAccount({ business: true });
    const token = randomBytes(32).toString("base64url");
    await sql()`insert into password_reset_tokens (user_id, token_hash, expires_at)
      values (${account.id}, ${createHash("sha256").update(token).digest("hex")}, now() + interval '1 hour')`;
    await page.goto(`/reset-password?token=${token}`);
    await expect(page.getByLabel("Nova senha", { exact: true })).toBeVisible();
    await settle(page);
    await expectAccessible(page, "/reset-password");

    const confirmation = randomBytes(32).toString("base64url");
    await sql()`insert into email_verification_tokens (user_id, token_hash, expires_at)
      values (${account.id}, ${createHash("sha256").update(confirmation).digest("hex")}, now() + interval '1 hour')`;
    await page.goto(`/confirm-email?token=${confirmation}`);
    await expect(page.getByLabel("Confirmar senha", { exact: true })).toBeVisible();
    await settle(page);
    await expectAccessible(page, "/confirm-email");

    const [studio] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
    const [invitation] = await sql()<{ id: string }[]>`
      insert into business_invitations (business_id, email) values (${studio.id}, ${`convite-${randomUUID().slice(0, 8)}@exemplo.com.br`}) returning id`;
    await page.goto(`/auth?invite=${invitation.id}`);
    await settle(page);
    await expect(page.getByRole("heading").first()).toBeVisible();
    await expectAccessible(page, "/auth?invite= (cadastro de colaborador)");

    allowConsoleErrors(NOT_FOUND);
    await visit(page, "/esta-pagina-nao-existe", "404", "404");
  });

  test("signed-in /auth: 'Cadastre seu Negócio' and 'Você já está conectado'", async ({ page }) => {
    // Signed in without a business, /auth is where the user stays ('Cadastre seu Negócio').
    const account = await newAccount({ business: false });
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await settle(page, "Cadastre seu Negócio");
    await expectAccessible(page, "/auth (cadastre seu negócio)");
    await page.context().clearCookies();
    await login(page, OWNER);
    await page.goto("/auth");
    await settle(page);
    await expect(page.getByText(`Você já está conectado como ${OWNER}`).first()).toBeVisible();
    await expectAccessible(page, "/auth (conectado)");
  });

  test("the owner's screens", async ({ page }) => {
    // Thirteen screens, each read whole by axe (2–6 s apiece alone): on a slow day, beside the
    // other worker, the run took just over two minutes.
    test.setTimeout(240_000);
    await login(page, OWNER);
    await visit(page, "/appointments", "Agenda Inteligente");
    await visit(page, "/allocation-viewer", "Visor de Alocação");
    await visit(page, "/clients", "Clientes");
    await visit(page, "/services", "Serviços");
    await visit(page, "/professionals", "Profissionais");
    await visit(page, "/business-hours", "Horários de Funcionamento");
    await visit(page, "/products", "Produtos");
    await visit(page, "/reports/dashboard", "Dashboard");
    await visit(page, "/reports/conversations", "Conversas");
    await visit(page, "/reports/clients", "Relatório de Clientes");
    await visit(page, "/reports/audit-logs", "Logs de Auditoria");
    await visit(page, "/business-profile", "Meus Dados");
    await visit(page, "/team-management", "Gerenciar Equipe");
    // The sidebar collapsed to icons, and the phone layout with its menu open.
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/appointments", "Agenda Inteligente", "/appointments (390 px)");
    await page.getByRole("button", { name: /menu|Abrir/i }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await animationsDone(page);
    await expectAccessible(page, "menu lateral (390 px)");
  });

  test("the admin area", async ({ page }) => {
    await login(page, ADMIN);
    await visit(page, "/admin", "Visão Geral");
    await visit(page, "/admin/businesses", "Negócios");
    await visit(page, "/admin/users", "Usuários");
    await visit(page, "/admin/settings", "Configurações");
  });
});
