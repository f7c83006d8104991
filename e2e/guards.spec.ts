import { expect, test, type Page } from "./fixtures";
import { ADMIN, createAccount, EMPLOYEE, login, OWNER, sql } from "./support";

/**
 * The guard matrix of spec section 2 (client, admin, staff and owner guards, and the home rules):
 * where each kind of user ends when opening each route. Pages other work has not built yet may
 * answer 404, but the address must be the right one.
 */
const PATHS = ["/", "/appointments", "/reports/dashboard", "/team-management", "/admin", "/admin/users", "/admin/anything"] as const;
type Path = (typeof PATHS)[number];

const toAuth = (from: string) => `/auth?callbackUrl=${encodeURIComponent(from)}`;

const MATRIX: Record<string, Record<Path, string>> = {
  anonymous: {
    "/": "/auth",
    "/appointments": toAuth("/appointments"),
    "/reports/dashboard": toAuth("/reports/dashboard"),
    "/team-management": toAuth("/team-management"),
    "/admin": toAuth("/admin"),
    "/admin/users": toAuth("/admin/users"),
    "/admin/anything": toAuth("/admin/anything"),
  },
  admin: {
    "/": "/admin",
    "/appointments": "/admin",
    "/reports/dashboard": "/admin",
    "/team-management": "/admin",
    "/admin": "/admin",
    "/admin/users": "/admin/users",
    "/admin/anything": "/admin",
  },
  owner: {
    "/": "/appointments",
    "/appointments": "/appointments",
    "/reports/dashboard": "/reports/dashboard",
    "/team-management": "/team-management",
    "/admin": "/appointments",
    "/admin/users": "/appointments",
    "/admin/anything": "/appointments",
  },
  employee: {
    "/": "/appointments",
    "/appointments": "/appointments",
    "/reports/dashboard": "/appointments",
    "/team-management": "/appointments",
    "/admin": "/appointments",
    "/admin/users": "/appointments",
    "/admin/anything": "/appointments",
  },
  // A plain client (global role client, no business): stays home, is sent home from staff pages.
  client: {
    "/": "/",
    "/appointments": "/",
    "/reports/dashboard": "/",
    "/team-management": "/",
    "/admin": "/",
    "/admin/users": "/",
    "/admin/anything": "/",
  },
};

async function signInAs(page: Page, who: string) {
  if (who === "anonymous") return;
  if (who === "client") {
    const account = await createAccount({ role: "client" });
    await login(page, account.email);
    return;
  }
  await login(page, { admin: ADMIN, owner: OWNER, employee: EMPLOYEE }[who]!);
}

for (const [who, row] of Object.entries(MATRIX)) {
  test(`guard matrix: ${who}`, async ({ page }) => {
    await signInAs(page, who);
    for (const path of PATHS) {
      await page.goto(path);
      const expected = row[path];
      await expect
        .poll(() => {
          const u = new URL(page.url());
          return u.pathname + u.search;
        }, { message: `${who} opening ${path}` })
        .toBe(expected);
    }
  });
}

test("the admin guard remembers where the user came from", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fadmin%2Fusers$/);
  await page.getByLabel("E-mail").fill(ADMIN);
  await page.getByLabel("Senha", { exact: true }).fill("agenda123");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test("a removed member loses owner pages on the next request, even with the old cookie", async ({ page }) => {
  const account = await createAccount({ business: true });
  await login(page, account.email);
  await page.goto("/team-management");
  await expect(page).toHaveURL(/\/team-management$/);
  await sql()`delete from user_business_roles where user_id = ${account.id}`;
  await page.goto("/team-management");
  await expect.poll(() => new URL(page.url()).pathname).toBe("/");
});
