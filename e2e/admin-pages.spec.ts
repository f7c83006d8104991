import { expect, test } from "./fixtures";
import { formatBRL } from "../lib/core/format/money";
import { ADMIN, loginAdmin, sql } from "./support";

const integer = new Intl.NumberFormat("pt-BR");
const percent = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

async function expectedOverview() {
  const [r] = await sql()`
    select (select count(*) from businesses)::int as total,
           (select count(*) from businesses where subscription_status = 'active')::int as active,
           (select count(*) from users)::int as users,
           (select coalesce(sum(monthly_fee), 0) from businesses where subscription_status = 'active')::text as mrr`;
  return r as unknown as { total: number; active: number; users: number; mrr: string };
}

test("layout: sidebar, 'Admin SaaS' badge, e-mail, navigation and sign-out", async ({ page }) => {
  await loginAdmin(page);
  await expect(page.getByTestId("admin-email")).toHaveText(ADMIN);
  const nav = page.getByRole("navigation", { name: "Administração" });
  for (const [label, path, heading] of [
    ["Negócios", "/admin/businesses", "Negócios"],
    ["Usuários", "/admin/users", "Usuários"],
    ["Configurações", "/admin/settings", "Configurações"],
    ["Visão Geral", "/admin", "Visão Geral"],
  ]) {
    await nav.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await nav.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/auth/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?callbackUrl=/);
});

test("mobile: the sidebar is a drawer below 768 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAdmin(page);
  await expect(page.getByRole("navigation", { name: "Administração" })).toBeHidden();
  await page.getByRole("button", { name: "Abrir menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu do Admin" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("link", { name: "Usuários" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(drawer).toBeHidden();
});

test("overview: the four cards match the database", async ({ page }) => {
  await loginAdmin(page);
  // Other tests may add rows meanwhile: compare only when the database did not move during the load.
  for (let attempt = 0; ; attempt++) {
    const before = await expectedOverview();
    await page.goto("/admin");
    const shown = {
      total: await page.getByTestId("stat-total-businesses-value").textContent(),
      totalNote: await page.getByTestId("stat-total-businesses-note").textContent(),
      active: await page.getByTestId("stat-active-businesses-value").textContent(),
      activeNote: await page.getByTestId("stat-active-businesses-note").textContent(),
      users: await page.getByTestId("stat-total-users-value").textContent(),
      mrr: await page.getByTestId("stat-mrr-value").textContent(),
    };
    const after = await expectedOverview();
    if (JSON.stringify(before) !== JSON.stringify(after) && attempt < 5) continue;
    expect(shown).toEqual({
      total: integer.format(after.total),
      totalNote: `${integer.format(after.active)} ${after.active === 1 ? "ativo" : "ativos"}`,
      active: integer.format(after.active),
      activeNote: `${percent.format(after.total ? (after.active / after.total) * 100 : 0)}% do total`,
      users: integer.format(after.users),
      mrr: formatBRL(after.mrr),
    });
    break;
  }
  await expect(page.getByText("Total de Negócios")).toBeVisible();
  await expect(page.getByText("Receita Mensal Recorrente")).toBeVisible();
});

test("overview of the seeded data: 249,80 of revenue from the two demo businesses at least", async ({ page }) => {
  // The seed has Studio Bela Vista (149,90) and Barbearia do Paulo (99,90), both active.
  const [seed] = await sql()`
    select coalesce(sum(monthly_fee), 0)::text as fees from businesses
    where name in ('Studio Bela Vista', 'Barbearia do Paulo') and subscription_status = 'active'`;
  expect(seed.fees).toBe("249.80");
  await loginAdmin(page);
  await expect(page.getByTestId("stat-mrr-value")).toHaveText(/^R\$ /);
});

test("settings: version from package.json, environment, API and a live database check", async ({ page }) => {
  await loginAdmin(page);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Configurações" })).toBeVisible();
  await expect(page.getByText("v1.0.0", { exact: true })).toBeVisible();
  await expect(page.getByText("production", { exact: true })).toBeVisible();
  await expect(page.getByText("Online", { exact: true })).toBeVisible();
  await expect(page.getByText("Conexão ativa", { exact: true })).toBeVisible();
  await expect(page.getByText("Segurança em nível de linha (RLS)")).toBeVisible();
  await expect(page.getByText("Backup automático")).toBeVisible();
  await expect(page.getByText("Autenticação", { exact: true })).toBeVisible();
  await expect(page.getByText("HTTPS", { exact: true })).toBeVisible();
  await expect(page.getByText("CORS", { exact: true })).toBeVisible();
});
