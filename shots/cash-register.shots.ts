import { expect, test } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/** 'Caixa' (issue 53): the open register with its moves, and the close dialog; 1280 and 390 px, light and dark. */
test.use({ reducedMotion: "reduce" });

test("cash register", async ({ page }) => {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const [u] = await sql()<{ id: string }[]>`select id from users where email = ${OWNER}`;
  await sql()`update cash_registers set closed_at = now() where business_id = ${b.id} and closed_at is null`;
  const [r] = await sql()<{ id: string }[]>`insert into cash_registers (business_id, opened_by, float_cents) values (${b.id}, ${u.id}, 10000) returning id`;
  await sql()`insert into cash_movements (business_id, register_id, kind, method, cents, reason, user_id) values
    (${b.id}, ${r.id}, 'float', 'cash', 10000, null, ${u.id}),
    (${b.id}, ${r.id}, 'deposit', 'cash', 7000, 'Troco trazido do banco', ${u.id}),
    (${b.id}, ${r.id}, 'withdrawal', 'cash', -2000, 'Compra de café e açúcar para a recepção', ${u.id})`;
  await login(page, OWNER);
  await shootAll(page, "cash-register", async (p) => {
    await p.goto("/cash-register");
    await expect(p.getByText("Caixa aberto", { exact: true })).toBeVisible();
  });
  await shootAll(page, "cash-register-close", async (p) => {
    await p.goto("/cash-register");
    await p.getByRole("button", { name: "Fechar caixa" }).click();
    await p.getByRole("dialog", { name: "Fechar caixa" }).getByLabel("Dinheiro (R$)").fill("145");
  }, { viewportOnly: true });
  await sql()`update cash_registers set closed_at = now() where id = ${r.id}`;
});
