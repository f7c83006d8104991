import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

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

  await shootAll(page, "business-hours-add-holiday", async () => {
    await open();
    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog.getByText("Informe o nome do feriado.")).toBeVisible();
    await dialog.getByLabel("Nome do feriado *").fill("Aniversário da cidade");
    await dialog.getByRole("switch", { name: "Abre neste dia" }).click();
  }, { viewportOnly: true });

  await shootAll(page, "business-hours-calendar", async () => {
    await open();
    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
    await dialog.getByLabel("Nome do feriado *").fill("Aniversário da cidade");
    await dialog.getByLabel("Data *").click();
    await expect(page.getByRole("grid")).toBeVisible();
  }, { viewportOnly: true });
});

/** A salon that saved nothing yet (the default week and its notice), then another user's change while this one types. */
test("business hours of a new salon", async ({ page }) => {
  const t = randomUUID().slice(0, 8);
  const email = `horarios-shots-${t}@teste.com.br`;
  const [user] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, full_name, registered, email_verified_at)
    select ${email}, password_hash, 'Dona Nova', true, now() from users where email = ${OWNER} returning id`;
  await sql()`insert into user_roles (user_id, role_id) select ${user.id}, id from roles where name = 'business_owner'`;
  const [b] = await sql()<{ id: string }[]>`insert into businesses (name) values (${`Salão Novo ${t}`}) returning id`;
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${user.id}, ${b.id}, 'owner')`;
  await login(page, email);

  await shootAll(page, "business-hours-new", async () => {
    await page.goto("/business-hours");
    await expect(page.getByText("Horários ainda não salvos")).toBeVisible();
  });

  let n = 0;
  await shootAll(page, "business-hours-stale", async () => {
    await page.goto("/business-hours");
    await page.waitForTimeout(800);
    await page.getByLabel("Fechamento de Terça-feira").fill("17:00");
    // Another user saves the week meanwhile.
    n++;
    await sql()`
      insert into business_hours (business_id, day_of_week, is_open, open_time, close_time)
      select ${b.id}, d, d <> 3, case when d <> 3 then '08:00'::time end, case when d <> 3 then ${`${18 + (n % 2)}:00`}::time end
        from generate_series(0, 6) d
      on conflict (business_id, day_of_week) do update set is_open = excluded.is_open, open_time = excluded.open_time, close_time = excluded.close_time`;
    await expect(page.getByText("Horários alterados por outro usuário")).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
  });
});
