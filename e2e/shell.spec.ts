import { expect, test, type Page } from "./fixtures";
import { createAccount, createBusiness, EMPLOYEE, expectToast, login, OWNER, sidebar, sql, switcher, switchTo, uid } from "./support";

const MANAGEMENT = ["Agendamentos", "Visor de Alocação", "Clientes", "Serviços", "Profissionais", "Horários de Funcionamento", "Comandas", "Caixa", "Minhas comissões"];
/** The owner's management menu: the employee's, and 'Produtos' (owner only) before 'Comandas'. */
const OWNER_MANAGEMENT = [...MANAGEMENT.slice(0, -3), "Produtos", "Comandas", "Caixa", "Minhas comissões"];
const REPORTS = ["Dashboard", "Comissões", "Fechamento do dia", "Conversas", "Relatório de Clientes", "Logs de Auditoria"];

async function groupLinks(page: Page, group: string) {
  return sidebar(page).getByRole("group", { name: group }).locator("a, button").allInnerTexts();
}

test.describe("shell", () => {
  test("the owner sees Management, Relatórios and Administração; the header shows business and user", async ({ page }) => {
    await login(page, OWNER);
    await page.goto("/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
    await expect(sidebar(page).getByText("Agenda", { exact: true })).toBeAttached();
    expect((await groupLinks(page, "Management")).map((t) => t.trim())).toEqual(OWNER_MANAGEMENT);
    expect((await groupLinks(page, "Relatórios")).map((t) => t.trim())).toEqual(REPORTS);
    expect((await groupLinks(page, "Administração")).map((t) => t.trim())).toEqual(["Meus Dados", "Gerenciar Equipe", "Sair"]);
    await expect(sidebar(page).getByRole("group", { name: "Conta" })).toHaveCount(0);
    await expect(switcher(page)).toContainText("Studio Bela Vista");

    await page.getByRole("button", { name: "Menu do usuário" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText("Carla Mendes")).toBeVisible();
    await expect(menu.getByText(OWNER)).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Meus Dados" })).toBeVisible();
    await expect(menu.getByRole("menuitemcheckbox", { name: "Tema Escuro" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Sair de todos os dispositivos" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Sair", exact: true })).toBeVisible();
  });

  test("every management and report page shows the shell with its title", async ({ page }) => {
    await login(page, OWNER);
    const pages: [string, string][] = [
      ["/appointments", "Agenda Inteligente"],
      ["/allocation-viewer", "Visor de Alocação"],
      ["/clients", "Clientes"],
      ["/services", "Serviços"],
      ["/professionals", "Profissionais"],
      ["/business-hours", "Horários de Funcionamento"],
      ["/products", "Produtos"],
      ["/comandas", "Comandas"],
      ["/cash-register", "Caixa"],
      ["/reports/dashboard", "Dashboard"],
      ["/commissions", "Comissões"],
      ["/reports/day-closing", "Fechamento do dia"],
      ["/my-commissions", "Minhas comissões"],
      ["/reports/conversations", "Conversas"],
      ["/reports/clients", "Relatório de Clientes"],
      ["/reports/audit-logs", "Logs de Auditoria"],
      ["/business-profile", "Meus Dados"],
      ["/team-management", "Gerenciar Equipe"],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(switcher(page)).toBeVisible();
    }
  });

  test("the employee sees Management and Conta only, and owner pages send them to /appointments", async ({ page }) => {
    await login(page, EMPLOYEE);
    await page.goto("/clients");
    expect((await groupLinks(page, "Management")).map((t) => t.trim())).toEqual(MANAGEMENT);
    expect((await groupLinks(page, "Conta")).map((t) => t.trim())).toEqual(["Sair"]);
    await expect(sidebar(page).getByRole("group", { name: "Relatórios" })).toHaveCount(0);
    await expect(sidebar(page).getByRole("group", { name: "Administração" })).toHaveCount(0);
    await expect(switcher(page)).toContainText("Studio Bela Vista");
    for (const path of ["/reports/dashboard", "/business-profile", "/team-management", "/products"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/appointments$/);
    }
    await switcher(page).click();
    await expect(page.getByRole("menuitem", { name: /Criar/ })).toHaveCount(0);
  });

  test("sidebar: collapsed by default, expands on hover, Ctrl+B toggles and the cookie keeps it for 7 days", async ({ page, context }) => {
    await login(page, OWNER);
    await page.goto("/services");
    const aside = sidebar(page);
    await expect(aside).toHaveAttribute("data-state", "collapsed");
    expect((await aside.boundingBox())!.width).toBeCloseTo(48, 0);
    await aside.hover();
    await expect.poll(async () => (await aside.boundingBox())!.width).toBeCloseTo(256, 0);
    await page.mouse.move(900, 400);
    await expect.poll(async () => (await aside.boundingBox())!.width).toBeCloseTo(48, 0);

    await page.keyboard.press("Control+b");
    await expect(aside).toHaveAttribute("data-state", "expanded");
    let cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("true");
    const days = (cookie!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);

    // The server renders it open: the very first HTML already says so (no flash).
    const html = await (await page.request.get("/services")).text();
    expect(html).toMatch(/data-sidebar="sidebar" data-state="expanded"/);
    await page.reload();
    await expect(aside).toHaveAttribute("data-state", "expanded");
    expect((await aside.boundingBox())!.width).toBeCloseTo(256, 0);

    await page.keyboard.press("Meta+b");
    await expect(aside).toHaveAttribute("data-state", "collapsed");
    cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
  });

  test("mobile (390 px): the sidebar is an off-canvas drawer opened from the header", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, OWNER);
    await page.goto("/appointments");
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole("button", { name: "Abrir menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())!.width).toBeCloseTo(288, 0);
    await drawer.getByRole("link", { name: "Profissionais" }).click();
    await expect(page).toHaveURL(/\/professionals$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Profissionais" })).toBeVisible();
    await page.keyboard.press("Control+b");
    await expect(drawer).toBeVisible();
  });

  test("dark theme from the user menu is kept under localStorage 'theme' across reloads", async ({ page }) => {
    await login(page, OWNER);
    await page.goto("/clients");
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Tema Escuro" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Tema Escuro" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });

  test("switching business changes the pages and survives a reload; create business via the dialog", async ({ page, context }) => {
    const me = await createAccount({ fullName: "Dona Duas Lojas" });
    const first = `Primeira ${uid()}`;
    const firstId = await createBusiness({ name: first, ownerId: me.id, description: "A loja de sempre" });
    await login(page, me.email);
    await page.goto("/clients");
    await expect(switcher(page)).toContainText(first);

    await switcher(page).click();
    await expect(page.getByRole("menuitem").filter({ hasText: "A loja de sempre" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Criar Novo Negócio" }).click();
    const dialog = page.getByRole("dialog", { name: "Criar Negócio" });
    await expect(dialog.getByPlaceholder("(11) 99999-9999")).toBeVisible();
    await expect(dialog.getByLabel("E-mail")).toHaveAttribute("type", "email");
    await dialog.getByRole("button", { name: "Criar Negócio" }).click();
    await expect(dialog.getByText("Nome do negócio é obrigatório")).toBeVisible();
    const second = `Segunda ${uid()}`;
    await dialog.getByLabel("Nome do Negócio *").fill(second);
    await dialog.getByLabel("Descrição").fill("Filial nova");
    await dialog.getByLabel("Endereço").fill("Av. Central, 10");
    await dialog.getByRole("button", { name: "Criar Negócio" }).click();
    await expectToast(page, "Negócio criado com sucesso!");
    await expect(dialog).toBeHidden();
    await expect(switcher(page)).toContainText(second);
    await expect(page.getByText(second, { exact: true }).last()).toBeVisible();
    const [created] = await sql()<{ id: string; plan: string }[]>`
      select b.id, b.subscription_plan as plan from businesses b join user_business_roles r on r.business_id = b.id
      where b.name = ${second} and r.user_id = ${me.id} and r.role = 'owner'`;
    expect(created.plan).toBe("plano único anual");
    expect(await page.evaluate(() => localStorage.getItem("currentBusinessId"))).toBe(created.id);
    // An owner-only page works in the new business right away (the session's claims were refreshed).
    await page.goto("/reports/dashboard");
    await expect(page).toHaveURL(/\/reports\/dashboard$/);
    await page.reload();
    await expect(switcher(page)).toContainText(second);

    await switchTo(page, first);
    await expectToast(page, `Agora você está gerenciando: ${first}`);
    await expect(switcher(page)).toContainText(first);
    await expect(page.getByRole("main").getByText(first)).toBeVisible();
    await page.reload();
    await expect(switcher(page)).toContainText(first);
    expect(await page.evaluate(() => localStorage.getItem("currentBusinessId"))).toBe(firstId);
    expect((await context.cookies()).find((c) => c.name === "currentBusinessId")?.value).toBe(firstId);

    // A remembered business the user no longer belongs to is dropped; the first one is chosen.
    await switchTo(page, second);
    await expect(switcher(page)).toContainText(second);
    await sql()`delete from user_business_roles where user_id = ${me.id} and business_id = ${created.id}`;
    await page.goto("/clients");
    await expect(switcher(page)).toContainText(first);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("currentBusinessId"))).toBe(firstId);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "currentBusinessId")?.value).toBe(firstId);
  });

  test("a save from a page rendered for one business lands there, even after another tab switched business", async ({ page, context }) => {
    const me = await createAccount({ fullName: "Dona Duas Abas" });
    const first = `Aba Um ${uid()}`;
    const second = `Aba Dois ${uid()}`;
    const firstId = await createBusiness({ name: first, ownerId: me.id });
    const secondId = await createBusiness({ name: second, ownerId: me.id });
    await login(page, me.email);
    await page.goto("/business-profile");
    await expect(switcher(page)).toContainText(first);
    await expect(page.getByLabel("Nome da Empresa")).toHaveValue(first);

    // Another tab of the same browser switches to the second business.
    const other = await context.newPage();
    await other.goto("/clients");
    await switchTo(other, second);
    await expect(switcher(other)).toContainText(second);

    const renamed = `${first} Renomeada`;
    await page.getByLabel("Nome da Empresa").fill(renamed);
    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await expectToast(page, "Dados atualizados com sucesso!");
    const rows = await sql()<{ id: string; name: string }[]>`select id, name from businesses where id in (${firstId}, ${secondId}) order by name`;
    expect(Object.fromEntries(rows.map((r) => [r.id, r.name]))).toEqual({ [firstId]: renamed, [secondId]: second });
  });
});
