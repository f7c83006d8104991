import { expect, test } from "@playwright/test";
import { loginAdmin } from "../e2e/support";
import { shootAll } from "./shoot";

/** Every admin page, the business dialog and the mobile drawer (npm run shots). */
test("admin area", async ({ page }) => {
  await loginAdmin(page);
  for (const [name, path] of [
    ["admin-overview", "/admin"],
    ["admin-businesses", "/admin/businesses"],
    ["admin-users", "/admin/users"],
    ["admin-emails", "/admin/users?tab=admins"],
    ["admin-settings", "/admin/settings"],
  ]) {
    await shootAll(page, name, async (p) => {
      await p.goto(path);
      await expect(p.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }
  await shootAll(page, "admin-business-dialog", async (p) => {
    await p.goto("/admin/businesses");
    await p.getByRole("button", { name: "Novo Negócio" }).click();
    await p.getByRole("button", { name: "Criar Negócio" }).click();
  });
  await shootAll(page, "admin-drawer", async (p) => {
    await p.goto("/admin");
    if ((p.viewportSize()?.width ?? 0) < 768) await p.getByRole("button", { name: "Abrir menu" }).click();
  });
});
