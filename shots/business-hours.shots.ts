import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { login, OWNER } from "../e2e/support";
import { shootAll, SHOTS_DIR } from "./shoot";

/** Like shootAll, but only the viewport: a full-page shot re-centres a modal in the stretched page. */
async function shootViewport(page: Page, name: string, prepare: (page: Page) => Promise<void>) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    for (const [label, width, height] of [["1280", 1280, 900], ["390", 390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await prepare(page);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${label}-${scheme}.png` });
    }
  }
}

/** Horários de Funcionamento at 1280 and 390 px, light and dark: the screen, a refused day, the add-holiday dialog and its calendar. */
test("business hours", async ({ page }) => {
  await login(page, OWNER);
  const open = async () => {
    await page.goto("/business-hours");
    await expect(page.getByRole("heading", { name: "Horários de Funcionamento", level: 1 })).toBeVisible();
  };

  await shootAll(page, "business-hours", open);

  await shootAll(page, "business-hours-refused", async () => {
    await open();
    await page.getByLabel("Fechamento de Quarta-feira").fill("07:00");
    await page.getByRole("button", { name: "Salvar horários" }).click();
    await expect(page.getByText("O horário de fechamento deve ser depois do de abertura.")).toBeVisible();
  });

  await shootViewport(page, "business-hours-add-holiday", async () => {
    await open();
    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog.getByText("Informe o nome do feriado.")).toBeVisible();
    await dialog.getByLabel("Nome do feriado *").fill("Aniversário da cidade");
    await dialog.getByRole("switch", { name: "Abre neste dia" }).click();
  });

  await shootViewport(page, "business-hours-calendar", async () => {
    await open();
    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
    await dialog.getByLabel("Nome do feriado *").fill("Aniversário da cidade");
    await dialog.getByLabel("Data *").click();
    await expect(page.getByRole("grid")).toBeVisible();
  });
});
