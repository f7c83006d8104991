import { expect, test } from "@playwright/test";
import { createAccount, createBusiness, login, OWNER, sql } from "../e2e/support";
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
    await p.getByRole("checkbox").first().check();
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
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Cuiaba" }).format(new Date());
  await sql()`
    with c as (
      insert into clients (business_id, name) select ${businessId}, 'Cliente ' || lpad(i::text, 2, '0') from generate_series(1, 63) i returning id, name)
    insert into appointments (business_id, client_id, date, time)
    select ${businessId}, id, ${today}, time '08:00' + (right(name, 2)::int * interval '5 minutes') from c`;
  await login(page, owner.email);
  await shootAll(page, "agenda-busy", async (p) => {
    await p.goto("/appointments");
    await p.getByRole("button", { name: /Mostrar mais/ }).scrollIntoViewIfNeeded();
  });
});
