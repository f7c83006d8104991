import { test } from "@playwright/test";
import { EMPLOYEE, login, OWNER } from "../e2e/support";
import { shootAll } from "./shoot";

/** The management screens as the owner sees them, and one as the employee does (npm run shots). */
const SCREENS = ["/clients", "/services", "/professionals", "/business-hours", "/appointments", "/allocation-viewer"];

test("management screens", async ({ page }) => {
  await login(page, OWNER);
  for (const path of SCREENS) {
    await shootAll(page, path.slice(1).replace(/\//g, "-"), async (p) => {
      await p.goto(path);
      await p.waitForLoadState("networkidle");
    });
  }
  await shootAll(page, "clients-new", async (p) => {
    await p.goto("/clients");
    await p.getByRole("button", { name: "Novo Cliente" }).click();
    await p.getByRole("button", { name: "Salvar" }).click();
  });
});

test("employee", async ({ page }) => {
  await login(page, EMPLOYEE);
  await shootAll(page, "employee-clients", async (p) => {
    await p.goto("/clients");
  });
});
