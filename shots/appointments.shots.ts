import { expect, test } from "@playwright/test";
import { bookBusyDay, createAccount, createBusiness, login, OWNER } from "../e2e/support";
import { shootAll } from "./shoot";

test("agenda", async ({ page }) => {
  await login(page, OWNER);
  await shootAll(page, "agenda", async (p) => {
    await p.goto("/appointments");
    await expect(p.getByRole("heading", { name: "Agenda Inteligente" })).toBeVisible();
  });
  await shootAll(page, "agenda-details", async (p) => {
    await p.goto("/appointments");
    await p.locator("button:enabled", { hasText: "Expandir detalhes" }).first().click();
  });
  await shootAll(page, "agenda-new", async (p) => {
    await p.goto("/appointments");
    await p.getByRole("button", { name: /Novo agendamento em Amanhã/ }).click();
    await p.getByLabel("Horário *").fill("15:00");
    await p.getByRole("checkbox", { name: /Corte feminino/ }).check();
    await p.waitForTimeout(500);
  });
  await shootAll(page, "agenda-services", async (p) => {
    await p.goto("/appointments");
    await p.locator("button:enabled", { hasText: "Expandir detalhes" }).first().click();
    await p.getByRole("button", { name: "Editar", exact: true }).first().click();
    await p.waitForTimeout(500);
  });
});

test("agenda of a busy day ('Mostrar mais')", async ({ page }) => {
  const owner = await createAccount();
  const businessId = await createBusiness({ name: "Rede Movimentada", ownerId: owner.id });
  await bookBusyDay(businessId);
  await login(page, owner.email);
  await shootAll(page, "agenda-busy", async (p) => {
    await p.goto("/appointments");
    await p.getByRole("button", { name: /Mostrar mais/ }).scrollIntoViewIfNeeded();
  });
});
