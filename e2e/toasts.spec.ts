/**
 * The primary notifier (spec section 9: one toast at a time, 5000 ms): the newest replaces the
 * rest, a toast under a resting pointer still goes when its time is up, and it sits where the
 * header's controls stay usable, on a desktop and on a phone.
 */
import { expect, test, type Page } from "./fixtures";
import { OWNER, createAccount, loginWithForm } from "./support";

test.use({ reducedMotion: "reduce" });

/**
 * The owner of a business of their own, where no other test books: the demo salon's agenda shows
 * 'Novo agendamento online' whenever another worker's test books there, and that notice would
 * replace the toast under test (one at a time, as specified).
 */
const quietOwner = async () => (await createAccount({ business: true })).email;

/** The toasts on screen: sonner keeps a dismissed one in the page while it animates out. */
const shown = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed="true"])');

const SIZES = [
  { name: "1280 px", width: 1280, height: 900 },
  { name: "390 px", width: 390, height: 844 },
];

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("three toasts fired quickly: one shows, the newest, and closing it leaves none behind", async ({ page }) => {
      // The demo salon: in a business with no hours yet, Novo Agendamento opens on a closed day.
      await loginWithForm(page, OWNER);
      await expect(page.getByRole("heading", { name: "Agenda Inteligente" })).toBeVisible();
      await page.getByRole("button", { name: /Novo agendamento em Amanhã/ }).click();
      const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
      const create = dialog.getByRole("button", { name: "Criar Agendamento" });
      // Novo Agendamento's own checks, one after the other: no client, no name, no time.
      await create.click();
      await dialog.getByRole("radio", { name: "Criar novo" }).click();
      await create.click();
      await dialog.getByLabel("Nome *").fill("Cliente dos Avisos");
      await create.click();
      // Seen as soon as it comes: it lasts 5 s, and closing the dialog on a busy machine took most of
      // that once (fresh-clone run, the 236th of 240 tests).
      const newest = shown(page).filter({ hasText: "Horário obrigatório" });
      await expect(newest).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      // A pointer resting on it (sonner used to hold every toast then, the older ones included).
      await newest.hover();
      await expect(shown(page)).toHaveCount(1);
      await expect(shown(page)).toContainText("Informe o horário do agendamento.");
      for (const older of ["Cliente obrigatório", "Nome obrigatório", "Login realizado com sucesso!"]) {
        await expect(page.locator("[data-sonner-toast]").filter({ hasText: older })).toHaveCount(0);
      }
      await newest.getByRole("button", { name: /close|fechar/i }).click();
      await expect(shown(page)).toHaveCount(0);
    });

    test("a toast under a resting pointer still goes when its 5 s are up, and what it covered takes the click", async ({ page }) => {
      const owner = await quietOwner();
      const toast = shown(page).filter({ hasText: "Login realizado com sucesso!" });
      // The pointer goes onto the sign-in toast; on a loaded machine the toast can be gone before
      // its box is read, and then a fresh sign-in brings a new one.
      let [x, y] = [0, 0];
      await expect(async () => {
        await page.context().clearCookies();
        await loginWithForm(page, owner);
        await expect(toast).toBeVisible();
        const box = await toast.boundingBox();
        expect(box, "o aviso sumiu antes da medida").not.toBeNull();
        [x, y] = [box!.x + box!.width / 2, box!.y + box!.height / 2];
        await page.mouse.move(x, y);
      }).toPass({ timeout: 60_000 });
      // 5 s from when it showed (less from now); never held by the pointer.
      await expect(shown(page)).toHaveCount(0, { timeout: 7_000 });
      // What it covered takes the pointer: a dismissed toast sonner still keeps in the page, marked
      // removed while it animates out, lets it through (app/globals.css).
      await expect
        .poll(() => page.evaluate(([px, py]) => !!document.elementFromPoint(px, py)?.closest("[data-sonner-toaster]"), [x, y]), { timeout: 2_000 })
        .toBe(false);
    });

    test("a toast answering a tall dialog leaves its buttons free", async ({ page }) => {
      await loginWithForm(page, OWNER);
      await page.getByRole("button", { name: /Novo agendamento em Amanhã/ }).click();
      const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
      await dialog.getByRole("radio", { name: "Criar novo" }).click();
      await dialog.getByLabel("Nome *").fill("Cliente dos Avisos");
      // Every service chosen: the dialog is as tall as the screen lets it be.
      const services = dialog.getByRole("group", { name: "Serviços (opcional)" }).getByRole("checkbox");
      await expect(services.first()).toBeVisible();
      for (const box of await services.all()) await box.check();
      await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
      const toast = shown(page).filter({ hasText: "Horário obrigatório" });
      await expect(toast).toBeVisible();
      const at = (await toast.boundingBox())!;
      for (const name of ["Criar Agendamento", "Cancelar"]) {
        const button = (await dialog.getByRole("button", { name, exact: true }).boundingBox())!;
        expect(button.y + button.height, `o aviso cobre '${name}'`).toBeLessThanOrEqual(at.y);
        await dialog.getByRole("button", { name, exact: true }).click({ trial: true, timeout: 2_000 });
      }
      // Still one toast on screen: this one, or the agenda's notice of an online booking another
      // test's worker made in the same salon meanwhile (one at a time, the newest replacing the rest).
      await expect(shown(page)).toHaveCount(1);
    });

    test("the header's controls take clicks while a toast shows", async ({ page }) => {
      test.setTimeout(120_000);
      const owner = await quietOwner();
      const toast = shown(page).filter({ hasText: "Login realizado com sucesso!" });
      const menu = page.getByRole("button", { name: "Menu do usuário" });
      // All within the sign-in toast's 5 s. On a loaded machine the toast can be nearly gone before
      // the page is ready, so a try that outlives it signs in again for a new one; a toast that
      // covers a control fails every try.
      await expect(async () => {
        await page.context().clearCookies();
        await loginWithForm(page, owner);
        await expect(toast).toBeVisible();
        const header = (await page.locator("header").first().boundingBox())!;
        const at = await toast.boundingBox();
        expect(at, "o aviso sumiu antes da medida").not.toBeNull();
        expect(at!.y, "o aviso cobre o cabeçalho").toBeGreaterThanOrEqual(header.y + header.height);
        // A short trial click fails when something covers the button.
        await menu.click({ trial: true, timeout: 2_000 });
        await page.getByTestId("business-switcher").click({ trial: true, timeout: 2_000 });
        await menu.click({ timeout: 2_000 });
        await expect(page.getByRole("menu").getByText(owner)).toBeVisible({ timeout: 2_000 });
        await expect(toast).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 100_000 });
    });
  });
}
