import { expect, test } from "@playwright/test";
import { createAccount, createBusiness, login, sql, uid } from "../e2e/support";
import { shootAll } from "./shoot";

/** Access profiles (issue 52, item 14): the team page's 'Permissões' dialog, and the page an employee may not open. */
test("access profiles", async ({ browser }) => {
  const owner = await createAccount({ fullName: "Dona Permissões" });
  const employee = await createAccount({ fullName: "Carla Colaboradora" });
  const businessId = await createBusiness({ name: `Salão Permissões ${uid()}`, ownerId: owner.id });
  await sql()`insert into user_business_roles (user_id, business_id, role, grants) values (${employee.id}, ${businessId}, 'employee', array['deleteClients', 'hours'])`;

  const ownerPage = await (await browser.newContext()).newPage();
  await login(ownerPage, owner.email);
  await shootAll(ownerPage, "access-profiles-team", async (p) => {
    await p.goto("/team-management");
    await expect(p.getByRole("button", { name: "Permissões de Carla Colaboradora: 2 de 5" })).toBeVisible();
  });
  await shootAll(ownerPage, "access-profiles-dialog", async (p) => {
    await p.goto("/team-management");
    await p.getByRole("button", { name: "Permissões de Carla Colaboradora: 2 de 5" }).click();
    await expect(p.getByRole("dialog", { name: "Permissões de Carla Colaboradora" })).toBeVisible();
  }, { viewportOnly: true });

  const page = await (await browser.newContext()).newPage();
  await login(page, employee.email);
  await shootAll(page, "access-profiles-denied", async (p) => {
    await p.goto("/services");
    await expect(p.getByText("Você não tem permissão para abrir esta página.", { exact: false })).toBeVisible();
  });
});
