import { expect, test } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/**
 * 'Comandas' (issue 53): the list (open and recently closed), an open comanda's editor, its close
 * dialog with a Pix and a cash payment and the change kept as a tip, and a reversed comanda;
 * 1280 and 390 px, light and dark.
 */
test.use({ reducedMotion: "reduce" });

test("comandas", async ({ page }) => {
  const db = sql();
  const [b] = await db<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const [u] = await db<{ id: string }[]>`select id from users where email = ${OWNER}`;
  // A professional with two priced services, a client, a product in stock.
  const offers = await db<{ professional_id: string; service_id: string; name: string; price_cents: number }[]>`
    select ps.professional_id, s.id as service_id, s.name, round(ps.price * 100)::int as price_cents
      from professional_services ps join services s on s.id = ps.service_id join professionals p on p.id = ps.professional_id
     where s.business_id = ${b.id} and p.active and ps.price is not null
     order by p.name, s.name limit 2`;
  const pro = offers[0].professional_id;
  const [client] = await db<{ id: string }[]>`select id from clients where business_id = ${b.id} order by name limit 1`;
  await db`insert into products (business_id, name, price_cents) values (${b.id}, 'Pomada modeladora', 4500) on conflict do nothing`;
  const [product] = await db<{ id: string }[]>`select id from products where business_id = ${b.id} and lower(name) = 'pomada modeladora'`;
  await db`insert into product_stock_movements (business_id, product_id, kind, quantity, reason) values (${b.id}, ${product.id}, 'purchase', 10, 'Compra')`;
  await db`update cash_registers set closed_at = now() where business_id = ${b.id} and closed_at is null`;
  const [r] = await db<{ id: string }[]>`insert into cash_registers (business_id, opened_by, float_cents) values (${b.id}, ${u.id}, 10000) returning id`;
  await db`insert into cash_movements (business_id, register_id, kind, method, cents, user_id) values (${b.id}, ${r.id}, 'float', 'cash', 10000, ${u.id})`;

  async function comanda(withClient: boolean) {
    const [k] = await db<{ id: string }[]>`
      insert into comandas (business_id, client_id, opened_by) values (${b.id}, ${withClient ? client.id : null}, ${u.id}) returning id`;
    let position = 0;
    for (const o of offers) {
      await db`insert into comanda_lines (business_id, comanda_id, position, kind, service_id, name, professional_id, quantity, unit_cents)
               values (${b.id}, ${k.id}, ${position++}, 'service', ${o.service_id}, ${o.name}, ${o.professional_id}, 1, ${o.price_cents})`;
    }
    await db`insert into comanda_lines (business_id, comanda_id, position, kind, product_id, name, professional_id, quantity, unit_cents, discount_kind, discount_value)
             values (${b.id}, ${k.id}, ${position}, 'product', ${product.id}, 'Pomada modeladora', ${pro}, 1, 4500, 'percent', 1000)`;
    await db`insert into comanda_tips (business_id, comanda_id, professional_id, cents) values (${b.id}, ${k.id}, ${pro}, 1000)`;
    return k.id;
  }
  const open = await comanda(true);
  await comanda(false);
  // A reversed one: closed with Pix and cash, then reversed with its reason.
  const done = await comanda(true);
  const total = offers.reduce((a, o) => a + o.price_cents, 0) + 4050 + 1000;
  await db`update comandas set status = 'closed', total_cents = ${total}, closed_at = now(), closed_by = ${u.id}, closed_on = current_date, register_id = ${r.id} where id = ${done}`;
  await db`insert into comanda_payments (business_id, comanda_id, method, cents, user_id) values
           (${b.id}, ${done}, 'pix', 6000, ${u.id}), (${b.id}, ${done}, 'cash', ${total - 6000}, ${u.id})`;
  await db`update comandas set status = 'reversed', reversed_at = now(), reversed_by = ${u.id}, reversal_reason = 'Cobrança em duplicidade no cartão do cliente' where id = ${done}`;
  await db`insert into comanda_payments (business_id, comanda_id, method, cents, reversal, user_id) values
           (${b.id}, ${done}, 'pix', -6000, 1, ${u.id}), (${b.id}, ${done}, 'cash', ${-(total - 6000)}, 1, ${u.id})`;

  await login(page, OWNER);
  await shootAll(page, "comandas", async (p) => {
    await p.goto("/comandas");
    await expect(p.getByRole("table", { name: "Comandas abertas" })).toBeVisible();
  });
  await shootAll(page, "comanda-open", async (p) => {
    await p.goto(`/comandas/${open}`);
    await expect(p.getByRole("button", { name: "Salvar comanda" })).toBeVisible();
  });
  await shootAll(page, "comanda-close", async (p) => {
    await p.goto(`/comandas/${open}`);
    await p.getByRole("button", { name: "Fechar comanda" }).click();
    const dialog = p.getByRole("dialog", { name: "Fechar comanda" });
    const first = dialog.getByRole("group", { name: "Pagamento 1" });
    await first.getByRole("combobox", { name: "Forma de pagamento" }).click();
    await p.getByRole("option", { name: "Pix", exact: true }).click();
    await first.getByLabel("Valor (R$)").fill("60");
    await dialog.getByRole("button", { name: "Adicionar pagamento" }).click();
    const second = dialog.getByRole("group", { name: "Pagamento 2" });
    await second.getByLabel("Valor (R$)").fill(String(Math.ceil((total - 6000) / 100) + 5));
    await dialog.getByRole("radio", { name: "Deixar o troco como gorjeta para" }).check();
  }, { viewportOnly: true });
  await shootAll(page, "comanda-reversed", async (p) => {
    await p.goto(`/comandas/${done}`);
    await expect(p.getByText("Cobrança em duplicidade no cartão do cliente")).toBeVisible();
  });
  await db`update cash_registers set closed_at = now() where id = ${r.id}`;
});
