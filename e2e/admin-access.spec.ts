import { expect, test, type Browser } from "./fixtures";
import { captureAction, createAccount, createBusiness, EMPLOYEE, login, loginAdmin, OWNER, replayAction, sql, uid, type CapturedAction } from "./support";

test("an anonymous visit to /admin/users goes to /auth remembering where it came from", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fadmin%2Fusers/);
});

for (const [who, email] of [["owner", OWNER], ["employee", EMPLOYEE]] as const) {
  test(`the ${who} is sent away from /admin and /admin/users`, async ({ page }) => {
    await login(page, email);
    for (const path of ["/admin", "/admin/users", "/admin/businesses", "/admin/settings"]) {
      await page.goto(path);
      await expect(page).not.toHaveURL(/\/admin/);
      await expect(page.getByText("Admin SaaS", { exact: true })).toHaveCount(0);
    }
  });
}

test("an unknown page under /admin goes to the overview", async ({ page }) => {
  await loginAdmin(page);
  await page.goto("/admin/nao-existe/nada");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Visão Geral" })).toBeVisible();
});

/** Captures three admin actions in an admin session: delete user, add admin e-mail, delete business. */
async function captureAdminActions(browser: Browser, victimEmail: string, businessName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAdmin(page);
  const actions: Record<string, CapturedAction> = {};

  await page.goto(`/admin/users?q=${encodeURIComponent(victimEmail)}`);
  await expect(page.getByTestId("user-card")).toHaveCount(1);
  await page.getByRole("button", { name: `Excluir ${victimEmail}` }).click();
  actions.deleteUser = await captureAction(page, async () => {
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  });

  await page.goto("/admin/users?tab=admins");
  const newAdmin = `replay-${uid()}@exemplo.com.br`;
  await page.getByLabel("Novo e-mail de admin").fill(newAdmin);
  actions.addAdminEmail = await captureAction(page, async () => {
    await page.getByRole("button", { name: "Adicionar" }).click();
  });

  await page.goto(`/admin/businesses?q=${encodeURIComponent(businessName)}`);
  await expect(page.getByTestId("business-card")).toHaveCount(1);
  await page.getByRole("button", { name: `Excluir ${businessName}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText("agendamento");
  actions.deleteBusiness = await captureAction(page, async () => {
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  });
  await context.close();
  return { actions, newAdmin };
}

test("admin server actions replayed by a non-admin change nothing", async ({ browser }) => {
  const t = uid();
  const victimEmail = `vitima-${t}@exemplo.com.br`;
  const victimId = (await createAccount({ email: victimEmail, fullName: `Vítima ${t}`, password: null, verified: false })).id;
  const businessName = `Alvo ${t}`;
  const businessId = await createBusiness({ name: businessName });
  const { actions, newAdmin } = await captureAdminActions(browser, victimEmail, businessName);

  const unchanged = async () => {
    expect(await sql()`select 1 from users where id = ${victimId}`).toHaveLength(1);
    expect(await sql()`select 1 from businesses where id = ${businessId}`).toHaveLength(1);
    const [cfg] = await sql()`select config_value from saas_config where config_key = 'saas_admin_emails'`;
    expect(cfg.config_value as string[]).not.toContain(newAdmin);
  };

  // Owner and employee: the request never runs an admin action.
  for (const email of [OWNER, EMPLOYEE]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, email);
    await page.goto("/");
    for (const action of Object.values(actions)) {
      const res = await replayAction(page, action);
      expect(res.text).not.toContain('"ok":true');
    }
    await context.close();
    await unchanged();
  }

  // A demoted admin whose session cookie still says "admin" gets past middleware to the action
  // itself: the action's own server-side check (authorize("admin") against the database) refuses.
  const demotedEmail = `ex-admin-${t}@exemplo.com.br`;
  const demotedId = (await createAccount({ email: demotedEmail, role: "saas_admin" })).id;
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, demotedEmail);
  await page.goto("/");
  await sql()`delete from user_roles where user_id = ${demotedId}`;
  await sql()`insert into user_roles (user_id, role_id) select ${demotedId}, id from roles where name = 'business_owner'`;
  for (const action of Object.values(actions)) {
    const res = await replayAction(page, action);
    expect(res.status, res.text.slice(0, 300)).toBeLessThan(400);
    expect(res.text).toContain("Você não tem permissão para esta ação.");
    expect(res.text).not.toContain('"ok":true');
  }
  await context.close();
  await unchanged();
});
