import { NOT_FOUND, allowConsoleErrors, expect, test } from "./fixtures";

test("/auth renders the sign-in screen", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
});

test("an unknown path answers 404 with a link home", async ({ page }) => {
  allowConsoleErrors(NOT_FOUND);
  const res = await page.goto("/nao-existe-esta-pagina");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Voltar para o início" }).click();
  await expect(page).toHaveURL(/\/auth/);
});

for (const path of ["/", "/appointments"]) {
  test(`an anonymous visit to ${path} ends on /auth`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth(\?|$)/);
  });
}
