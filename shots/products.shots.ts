import { test } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/** Produtos: the cards (stock, 'Estoque baixo', inactive), the form and 'Movimentar estoque' with its history (npm run shots -- shots/products.shots.ts). */

test("products", async ({ page }) => {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const [owner] = await sql()<{ id: string }[]>`select id from users where email = ${OWNER}`;
  await sql()`delete from products where business_id = ${b.id} and not exists (select 1 from product_stock_movements m where m.product_id = products.id)`;
  const items: [string, number, number | null, number | null, boolean, [string, number, string | null][]][] = [
    ["Pomada modeladora efeito matte", 4590, 2200, 5, true, [["purchase", 12, "Nota fiscal 4471"], ["adjustment", -9, "Vencidas"]]],
    ["Shampoo anticaspa 300 ml", 3990, 1800, 3, true, [["purchase", 20, null]]],
    ["Óleo para barba", 5500, null, null, true, []],
    ["Cera capilar (linha antiga)", 2990, 1500, 2, false, [["purchase", 4, null]]],
  ];
  for (const [name, price, cost, min, active, moves] of items) {
    const [p] = await sql()<{ id: string }[]>`
      insert into products (business_id, name, price_cents, cost_cents, min_stock, active) values (${b.id}, ${name}, ${price}, ${cost}, ${min}, ${active})
      on conflict (business_id, lower(name)) do update set price_cents = excluded.price_cents returning id`;
    const [{ n }] = await sql()<{ n: number }[]>`select count(*)::int as n from product_stock_movements where product_id = ${p.id}`;
    if (n === 0) {
      for (const [kind, quantity, reason] of moves) {
        await sql()`insert into product_stock_movements (business_id, product_id, kind, quantity, reason, user_id) values (${b.id}, ${p.id}, ${kind}, ${quantity}, ${reason}, ${owner.id})`;
      }
    }
  }

  await login(page, OWNER);
  await shootAll(page, "products", async (p) => {
    await p.goto("/products");
    await p.getByTestId("product-card").first().waitFor();
  });
  await shootAll(page, "products-new-invalid", async (p) => {
    await p.goto("/products");
    await p.getByRole("button", { name: "Novo produto" }).click();
    await p.getByRole("dialog").getByLabel("Custo (R$)").fill("4,555");
    await p.getByRole("dialog").getByRole("button", { name: "Salvar" }).click();
  }, { viewportOnly: true });
  await shootAll(page, "products-stock", async (p) => {
    await p.goto("/products?q=pomada");
    await p.getByRole("button", { name: "Movimentar estoque" }).first().click();
    await p.getByRole("dialog").getByTestId("stock-movement").first().waitFor();
  }, { viewportOnly: true });
  await shootAll(page, "products-adjust-invalid", async (p) => {
    await p.goto("/products?q=pomada");
    await p.getByRole("button", { name: "Movimentar estoque" }).first().click();
    const d = p.getByRole("dialog");
    await d.getByTestId("stock-movement").first().waitFor();
    await d.getByRole("combobox", { name: "Tipo de movimento" }).click();
    await p.getByRole("option", { name: "Contagem (quantidade contada)" }).click();
    await d.getByLabel("Quantidade contada *").fill("2");
    await d.getByRole("button", { name: "Registrar" }).click();
    await d.getByText("Diga o motivo do ajuste.").waitFor();
  }, { viewportOnly: true });
});
