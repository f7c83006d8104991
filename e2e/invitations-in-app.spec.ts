import { expect, test, type Page } from "./fixtures";
import { createAccount, createBusiness, expectToast, insertInvitation, invitationStatus, login, memberships, switcher, uid } from "./support";

/** The shell's banner of pending invitations, and one invitation's row in it. */
const banner = (page: Page) => page.getByTestId("pending-invitations-banner");
const row = (page: Page, business: string) => banner(page).getByRole("listitem").filter({ hasText: `Convite para ${business}` });

test.describe("Convites pendentes dentro do app", () => {
  test("an invited user who already has an account sees them on the agenda: Recusar removes one, Aceitar switches to that business", async ({ page }) => {
    const [ownerA, ownerB] = [await createAccount(), await createAccount()];
    const nameA = `Salão Recusado ${uid()}`;
    const nameB = `Salão Aceito ${uid()}`;
    const a = await createBusiness({ name: nameA, ownerId: ownerA.id });
    const b = await createBusiness({ name: nameB, ownerId: ownerB.id });
    const me = await createAccount({ business: true });
    const invA = await insertInvitation(a, me.email, ownerA.id);
    const invB = await insertInvitation(b, me.email, ownerB.id);

    await login(page, me.email);
    await page.goto("/");
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(banner(page).getByRole("heading", { name: "Você tem convites pendentes" })).toBeVisible();
    await expect(row(page, nameA).getByText("Colaborador")).toBeVisible();
    await expect(row(page, nameA).getByText(/^Expira em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(row(page, nameB)).toBeVisible();
    await expect(switcher(page)).toContainText(`Negócio ${me.email}`);

    await row(page, nameA).getByRole("button", { name: "Recusar" }).click();
    await expectToast(page, "Convite recusado", "O convite foi recusado.");
    await expect(row(page, nameA)).toHaveCount(0);
    expect(await invitationStatus(invA)).toBe("cancelled");
    // The server agrees: another page lists only the other one.
    await page.goto("/clients");
    await expect(row(page, nameB)).toBeVisible();
    await expect(row(page, nameA)).toHaveCount(0);

    await row(page, nameB).getByRole("button", { name: "Aceitar" }).click();
    await expectToast(page, "Convite aceito!", "Você agora faz parte da equipe. Redirecionando...");
    await expect(switcher(page)).toContainText(nameB);
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/appointments$/);
    expect(await invitationStatus(invB)).toBe("accepted");
    expect(await memberships(me.id, b)).toEqual([{ role: "employee" }]);
    expect(await memberships(me.id, a)).toHaveLength(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Agenda Inteligente" })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test("an address that is not confirmed sees 'Confirme seu e-mail' and no invitation", async ({ page }) => {
    const owner = await createAccount();
    const name = `Salão Não Confirmado ${uid()}`;
    const businessId = await createBusiness({ name, ownerId: owner.id });
    const me = await createAccount({ business: true, verified: false });
    const invitationId = await insertInvitation(businessId, me.email, owner.id);

    await login(page, me.email);
    await page.goto("/");
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(page.getByText("Confirme seu e-mail")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Agenda Inteligente" })).toBeVisible();
    await expect(page.getByText("Você tem convites pendentes")).toHaveCount(0);
    expect(await invitationStatus(invitationId)).toBe("pending");
  });
});
