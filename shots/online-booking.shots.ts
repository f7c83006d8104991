import { expect, test, type Page } from "@playwright/test";
import { login, OWNER } from "../e2e/support";
import { shootAll } from "./shoot";

/** The public page up to `step` (1 services … 4 your data), Barba + Corte masculino with Rafael, the first open day. */
async function upTo(page: Page, step: 1 | 2 | 3 | 4, withTime = true) {
  await page.goto("/agendar/studio-bela-vista");
  await expect(page.getByRole("heading", { name: "Escolha os serviços" })).toBeVisible();
  await page.locator("label").filter({ hasText: "Barba com toalha quente" }).click();
  await page.locator("label").filter({ hasText: "Corte na tesoura" }).click();
  if (step === 1) return;
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Escolha o profissional" })).toBeVisible();
  if (step === 2) return;
  await page.locator("label").filter({ hasText: "Rafael Souza" }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.locator("td[data-day]:not([data-disabled]) button").nth(1).click();
  await expect(page.locator("button[aria-pressed]").first()).toBeVisible();
  if (withTime) await page.locator("button[aria-pressed]").nth(2).click();
  if (step === 3) return;
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Nome").fill("Marina Duarte");
  await page.getByLabel("Celular (com DDD)").fill("(65) 99123-8877");
  await page.getByLabel("Email (opcional)").fill("marina@exemplo.com");
}

test("online booking", async ({ page, browser }) => {
  await shootAll(page, "online-1-services", (p) => upTo(p, 1));
  await shootAll(page, "online-2-professional", (p) => upTo(p, 2));
  await shootAll(page, "online-3-day-time", (p) => upTo(p, 3));
  await shootAll(page, "online-4-your-data", (p) => upTo(p, 4));

  await page.setViewportSize({ width: 390, height: 844 });
  await upTo(page, 4);
  await page.getByRole("button", { name: "Confirmar agendamento" }).click();
  await page.waitForURL(/\/agendar\/reserva\//);
  const confirmation = page.url();
  await shootAll(page, "online-5-confirmation", async (p) => {
    await p.goto(confirmation);
    await expect(p.getByText("Agendamento solicitado!")).toBeVisible();
  });
  await shootAll(page, "online-6-cancel-dialog", async (p) => {
    await p.goto(confirmation.replace("?novo=1", ""));
    await p.getByRole("button", { name: "Cancelar agendamento" }).click();
    await expect(p.getByRole("alertdialog")).toBeVisible();
  });
  await shootAll(page, "online-7-not-found", (p) => p.goto("/agendar/nao-existe-aqui").then(() => undefined));

  const owner = await browser.newPage();
  await login(owner, OWNER);
  await shootAll(owner, "online-card", async (p) => {
    await p.goto("/business-profile");
    await p.getByTestId("online-booking").scrollIntoViewIfNeeded();
  });
  await owner.close();
});
