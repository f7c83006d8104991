import { expect, test } from "./fixtures";
import { createAccount, createBusiness, expectToast, login, sql, switcher, uid, waitForRealtime } from "./support";

test("a rename in one browser appears in another without reload (realtime)", async ({ browser }) => {
  const owner = await createAccount({ fullName: "Dona Ao Vivo" });
  const employee = await createAccount({ fullName: "Colaborador Ao Vivo", role: "employee" });
  const name = `Ao Vivo ${uid()}`;
  const businessId = await createBusiness({ name, ownerId: owner.id });
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${employee.id}, ${businessId}, 'employee')`;

  const a = await browser.newContext();
  const b = await browser.newContext();
  const c = await browser.newContext();
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  const pageC = await c.newPage();
  await login(pageA, owner.email);
  await pageA.goto("/");
  await login(pageB, owner.email);
  await pageB.goto("/");
  await login(pageC, employee.email);

  await pageB.goto("/clients");
  await pageC.goto("/appointments");
  await expect(switcher(pageB)).toContainText(name);
  await expect(switcher(pageC)).toContainText(name);
  // Marks that must survive: a reload would wipe them.
  await pageB.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await pageC.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await waitForRealtime(pageB);
  await waitForRealtime(pageC);

  await pageA.goto("/business-profile");
  const renamed = `${name} Renomeado`;
  await pageA.getByLabel("Nome da Empresa").fill(renamed);
  await pageA.getByRole("button", { name: "Salvar Alterações" }).click();
  await expectToast(pageA, "Dados atualizados com sucesso!");

  await expect(switcher(pageB)).toContainText(renamed, { timeout: 15_000 });
  await expect(switcher(pageC)).toContainText(renamed, { timeout: 15_000 });
  expect(await pageB.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  expect(await pageC.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  // A change made elsewhere (e.g. by the platform admin) reaches the open pages too.
  const byAdmin = `${name} Admin`;
  await sql()`update businesses set name = ${byAdmin} where id = ${businessId}`;
  await expect(switcher(pageB)).toContainText(byAdmin, { timeout: 15_000 });
  await expect(pageA.getByLabel("Nome da Empresa")).toHaveValue(byAdmin, { timeout: 15_000 });

  // Another business's change is not streamed to these users: a later change of their own business
  // (the marker) arrives after it would have, and the page shows only the marker.
  const stranger = await createAccount();
  const otherId = await createBusiness({ name: `Outra ${uid()}`, ownerId: stranger.id });
  const otherName = `Outra mudou ${uid()}`;
  await sql()`update businesses set name = ${otherName} where id = ${otherId}`;
  const marker = `${name} Marca`;
  await sql()`update businesses set name = ${marker} where id = ${businessId}`;
  await expect(switcher(pageC)).toContainText(marker, { timeout: 15_000 });
  await expect(pageC.getByText(otherName)).toHaveCount(0);

  await a.close();
  await b.close();
  await c.close();
});

test("/api/realtime refuses anonymous requests", async ({ request }) => {
  const res = await request.get("/api/realtime");
  expect(res.status()).toBe(401);
});
