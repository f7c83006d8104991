import { expect, test } from "@playwright/test";
import { createAccount, createBusiness, EMPLOYEE, insertInvitation, login, OWNER, sidebar, switcher, uid } from "../e2e/support";
import { shootAll } from "./shoot";

/** The shell (sidebar, drawer, switcher), Meus Dados and the team screen (npm run shots). */
for (const [who, email] of [["owner", OWNER], ["employee", EMPLOYEE]] as const) {
  test(`shell as ${who}`, async ({ page }) => {
    await login(page, email);
    await shootAll(page, `shell-${who}`, async (p) => {
      await p.goto("/appointments");
      await expect(switcher(p)).toBeVisible();
      if ((p.viewportSize()?.width ?? 0) < 768) await p.getByRole("button", { name: "Abrir menu" }).click();
      else if (who === "owner") await sidebar(p).hover();
    });
    if (who === "employee") return;
    await shootAll(page, "shell-switcher", async (p) => {
      await p.goto("/appointments");
      await switcher(p).click();
    });
    await shootAll(page, "business-profile", async (p) => {
      await p.goto("/business-profile");
    });
    await shootAll(page, "team-management", async (p) => {
      await p.goto("/team-management");
    });
    await shootAll(page, "team-invite", async (p) => {
      await p.goto("/team-management");
      await p.getByRole("button", { name: "Convidar Membro" }).click();
      await p.getByLabel("E-mail").fill("sem-arroba");
    });
  });
}

test("invitations", async ({ page }) => {
  const owner = await createAccount();
  const businessId = await createBusiness({ name: `Salão Convite ${uid()}`, ownerId: owner.id });
  const invitationId = await insertInvitation(businessId, `convidada-${uid()}@teste.com.br`, owner.id);
  await shootAll(page, "employee-signup", async (p) => {
    await p.goto(`/auth?invite=${invitationId}`);
    await p.getByLabel("Nome completo").fill("Nova Pessoa");
    await p.getByLabel("Senha", { exact: true }).fill("abcdefgh");
  });
  const me = await createAccount();
  await insertInvitation(businessId, me.email, owner.id);
  await login(page, me.email);
  await shootAll(page, "pending-invitations", async (p) => {
    await p.goto("/auth");
  });
});

test("invitations banner in the app", async ({ page }) => {
  const owner = await createAccount();
  const other = await createAccount();
  const first = await createBusiness({ name: "Barbearia Dom Pedro", ownerId: owner.id });
  const second = await createBusiness({ name: `Espaço de Beleza e Estética Renata Albuquerque ${uid()}`, ownerId: other.id });
  const me = await createAccount({ business: true });
  await insertInvitation(first, me.email, owner.id);
  await insertInvitation(second, me.email, other.id);
  await login(page, me.email);
  await shootAll(page, "invitations-banner", async (p) => {
    await p.goto("/appointments");
    await p.getByTestId("pending-invitations-banner").waitFor();
  });
});
