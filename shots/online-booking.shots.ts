import { expect, test, type Locator, type Page } from "@playwright/test";
import { login, OWNER } from "../e2e/support";
import { SHOTS_DIR, shootAll } from "./shoot";

/** One element, light and dark, at one width: `name`-{width}-{light,dark}.png. */
async function shootElement(page: Page, name: string, width: number, prepare: (p: Page) => Promise<Locator>) {
  for (const scheme of ["light", "dark"] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    const el = await prepare(page);
    await page.waitForTimeout(400);
    await el.screenshot({ path: `${SHOTS_DIR}/${name}-${width}-${scheme}.png` });
  }
}

/** The public page up to `step` (1 services … 4 your data), Barba + Corte masculino with Rafael, the first open day. */
async function upTo(page: Page, step: 1 | 2 | 3 | 4, withTime = true): Promise<string> {
  await page.goto("/agendar/studio-bela-vista");
  await expect(page.getByRole("heading", { name: "Escolha os serviços" })).toBeVisible();
  await page.locator("label").filter({ hasText: "Barba com toalha quente" }).click();
  await page.locator("label").filter({ hasText: "Corte na tesoura" }).click();
  if (step === 1) return "";
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Escolha o profissional" })).toBeVisible();
  if (step === 2) return "";
  await page.locator("label").filter({ hasText: "Rafael Souza" }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  const day = page.locator("td[data-day]:not([data-disabled])").nth(1);
  const date = (await day.getAttribute("data-day"))!;
  await day.locator("button").click();
  await expect(page.locator("button[aria-pressed]").first()).toBeVisible();
  if (withTime) await page.locator("button[aria-pressed]").nth(2).click();
  if (step === 3) return date;
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Nome").fill("Marina Duarte");
  await page.getByLabel("Celular (com DDD)").fill("(65) 99123-8877");
  await page.getByLabel("E-mail (opcional)").fill("marina@exemplo.com");
  return date;
}

test("online booking", async ({ page, browser }) => {
  await shootAll(page, "online-1-services", (p) => upTo(p, 1).then(() => undefined));
  await shootAll(page, "online-2-professional", (p) => upTo(p, 2).then(() => undefined));
  await shootAll(page, "online-3-day-time", (p) => upTo(p, 3).then(() => undefined));
  await shootAll(page, "online-4-your-data", (p) => upTo(p, 4).then(() => undefined));

  await page.setViewportSize({ width: 390, height: 844 });
  const date = await upTo(page, 4);
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
    await expect(p.getByTestId("online-booking").getByRole("img", { name: /QR code/ })).toBeVisible();
  });
  await shootElement(owner, "online-card-only", 390, async (p) => {
    await p.goto("/business-profile");
    await expect(p.getByTestId("online-booking").getByRole("img", { name: /QR code/ })).toBeVisible();
    return p.getByTestId("online-booking");
  });
  // The card's choices are LazySelects: a plain button until clicked, then the Radix select, open
  // (shot as the viewport: the list is a portal over the page).
  for (const scheme of ["light", "dark"] as const) {
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.emulateMedia({ colorScheme: scheme });
    await owner.goto("/business-profile");
    const choice = owner.getByTestId("online-booking").getByRole("combobox", { name: "Cancelamento pelo cliente" });
    await choice.scrollIntoViewIfNeeded();
    await choice.click();
    await expect(owner.getByRole("listbox")).toBeVisible();
    await owner.waitForTimeout(300);
    await owner.screenshot({ path: `${SHOTS_DIR}/online-card-select-open-390-${scheme}.png` });
  }
  await shootElement(owner, "online-agenda-card", 1280, async (p) => {
    await p.goto("/appointments");
    await p.getByLabel("Ir para o dia").fill(date);
    await p.getByRole("button", { name: "Ir", exact: true }).click();
    const card = p.locator(`section[data-date="${date}"]`).getByTestId("appointment-card").filter({ hasText: "Marina Duarte" });
    await expect(card).toBeVisible();
    return card;
  });
  await owner.close();
});
