import { expect, test } from "@playwright/test";
import { barberVisit, EMPLOYEE, login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/**
 * Issue 53: Juliana's statement on /commissions (the visit, a vale, a reversed sale, the month paid),
 * her own view on 'Minhas comissões' (the demo employee linked to her for it), 'Lançar vale', and
 * 'Fechamento do dia'; 1280 and 390 px, light and dark.
 */
test.use({ reducedMotion: "reduce" });

test("commission statements and the day's closing", async ({ page }) => {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const [p] = await sql()<{ id: string }[]>`select id from professionals where business_id = ${b.id} and name = 'Juliana Alves'`;
  const [e] = await sql()<{ id: string }[]>`select id from users where email = ${EMPLOYEE}`;
  await barberVisit(b.id, p.id);
  const reversed = await barberVisit(b.id, p.id);
  await sql()`update comandas set status = 'reversed', reversed_at = now(), reversal_reason = 'Cobrança em duplicidade' where id = ${reversed}`;
  await sql()`insert into comanda_payments (business_id, comanda_id, method, cents, reversal) values (${b.id}, ${reversed}, 'pix', -6000, 1), (${b.id}, ${reversed}, 'cash', -7000, 1)`;
  await sql()`insert into commission_entries (business_id, professional_id, comanda_id, line_id, kind, occurred_on, description, base_cents, rate_kind, rate_value, cents, reversal)
    select business_id, professional_id, comanda_id, line_id, kind, occurred_on, 'Estorno: ' || description, -base_cents, rate_kind, rate_value, -cents, 1
    from commission_entries where comanda_id = ${reversed}`;
  await sql()`insert into commission_entries (business_id, professional_id, kind, occurred_on, description, base_cents, cents)
    values (${b.id}, ${p.id}, 'advance', current_date, 'Vale: Adiantamento da semana', -2000, -2000)`;
  await sql()`update user_business_roles set professional_id = ${p.id} where user_id = ${e.id} and business_id = ${b.id}`;

  await login(page, OWNER);
  await shootAll(page, "commission-statement", async (pg) => {
    await pg.goto(`/commissions?professional=${p.id}`);
    await expect(pg.getByRole("table", { name: "Lançamentos" })).toBeVisible();
  });
  await shootAll(page, "commission-advance", async (pg) => {
    await pg.goto(`/commissions?professional=${p.id}`);
    await pg.getByRole("button", { name: "Lançar vale" }).click();
    await pg.getByRole("dialog", { name: "Lançar vale" }).getByLabel("Valor (R$)").fill("50");
  }, { viewportOnly: true });
  await shootAll(page, "day-closing", async (pg) => {
    await pg.goto("/reports/day-closing");
    await expect(pg.getByRole("table", { name: "Por profissional" })).toBeVisible();
  });
  await login(page, EMPLOYEE);
  await shootAll(page, "my-commissions", async (pg) => {
    await pg.goto("/my-commissions");
    await expect(pg.getByRole("table", { name: "Lançamentos" })).toBeVisible();
  });
  await sql()`update user_business_roles set professional_id = null where user_id = ${e.id} and business_id = ${b.id}`;
});
