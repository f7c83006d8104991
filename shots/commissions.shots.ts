import { test } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/** 'Comissões' (issue 53): the list with a rule set, and 'Comissão de …'; 1280 and 390 px, light and dark. */
test.use({ reducedMotion: "reduce" });

test("commissions", async ({ page }) => {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const [p] = await sql()<{ id: string }[]>`select id from professionals where business_id = ${b.id} and name = 'Juliana Alves'`;
  await sql()`insert into professional_commissions (professional_id, business_id, services_kind, services_value, products_kind, products_value, base)
    values (${p.id}, ${b.id}, 'percent', 4000, 'percent', 1000, 'net_of_card_fee')
    on conflict (professional_id) do update set services_value = 4000, base = 'net_of_card_fee'`;
  await login(page, OWNER);
  await shootAll(page, "commissions", async (pg) => {
    await pg.goto("/commissions");
    await pg.getByRole("table", { name: "Comissões" }).waitFor();
  });
  await shootAll(page, "commissions-dialog", async (pg) => {
    await pg.goto("/commissions");
    await pg.getByRole("button", { name: "Comissão de Juliana Alves" }).click();
  }, { viewportOnly: true });
  await sql()`delete from professional_commissions where professional_id = ${p.id}`;
});
