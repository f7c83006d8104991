import { expect, test } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/**
 * Pix (issue 54): the 'Pix' card on Meus Dados with a PSP (its webhook's address and secret), and
 * 'Cobrar com Pix' on an open comanda (the QR code and 'Pix copia e cola'), then its close with the
 * Pix received; 1280 and 390 px, light and dark.
 */
test.use({ reducedMotion: "reduce" });

test("pix", async ({ page }) => {
  const db = sql();
  const [b] = await db<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const [u] = await db<{ id: string }[]>`select id from users where email = ${OWNER}`;
  const [offer] = await db<{ professional_id: string; service_id: string; name: string; price_cents: number }[]>`
    select ps.professional_id, s.id as service_id, s.name, round(ps.price * 100)::int as price_cents
      from professional_services ps join services s on s.id = ps.service_id join professionals p on p.id = ps.professional_id
     where s.business_id = ${b.id} and p.active and ps.price is not null order by ps.price desc, s.name limit 1`;
  await db`delete from business_pix where business_id = ${b.id}`;
  await db`update cash_registers set closed_at = now() where business_id = ${b.id} and closed_at is null`;
  const [r] = await db<{ id: string }[]>`insert into cash_registers (business_id, opened_by, float_cents) values (${b.id}, ${u.id}, 10000) returning id`;
  await db`insert into cash_movements (business_id, register_id, kind, method, cents, user_id) values (${b.id}, ${r.id}, 'float', 'cash', 10000, ${u.id})`;
  const [k] = await db<{ id: string }[]>`insert into comandas (business_id, opened_by) values (${b.id}, ${u.id}) returning id`;
  await db`insert into comanda_lines (business_id, comanda_id, position, kind, service_id, name, professional_id, quantity, unit_cents)
           values (${b.id}, ${k.id}, 0, 'service', ${offer.service_id}, ${offer.name}, ${offer.professional_id}, 1, ${offer.price_cents})`;

  await login(page, OWNER);
  // The card, set up through itself: the key, then a PSP.
  await page.goto("/business-profile");
  const card = page.getByTestId("pix-settings");
  await card.getByLabel("Chave Pix").fill("contato@studiobela.com.br");
  await card.getByLabel("Nome do recebedor").fill("Studio Bela Vista");
  await card.getByLabel("Cidade").fill("Cuiabá");
  await card.getByRole("button", { name: "Configurar PSP" }).click();
  await card.getByLabel("URL da API").fill("https://pix.banco.example/api/v2");
  await card.getByLabel("Client ID").fill("studio-bela-vista");
  await card.getByLabel("Client secret").fill("segredo");
  await card.getByRole("button", { name: "Salvar" }).click();
  await expect(card.getByTestId("pix-webhook")).toBeVisible();
  await shootAll(page, "pix-card", async (p) => {
    await p.goto("/business-profile");
    await p.getByTestId("pix-settings").scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
  await shootAll(page, "pix-card-webhook", async (p) => {
    await p.goto("/business-profile");
    await p.getByTestId("pix-webhook").scrollIntoViewIfNeeded();
  }, { viewportOnly: true });

  // Static Pix for the comanda (no PSP to answer here).
  await db`update business_pix set psp_base_url = null, psp_token_url = null, psp_client_id = null, psp_secrets = null where business_id = ${b.id}`;
  await shootAll(page, "pix-charge", async (p) => {
    await db`update pix_charges set status = 'cancelled' where comanda_id = ${k.id} and status = 'active'`;
    await p.goto(`/comandas/${k.id}`);
    await p.getByRole("button", { name: "Cobrar com Pix" }).click();
    const dialog = p.getByRole("dialog", { name: "Cobrar com Pix" });
    await dialog.getByLabel("Valor (R$)").fill("60");
    await dialog.getByRole("button", { name: "Gerar QR code" }).click();
    await expect(p.getByRole("dialog").getByRole("img", { name: /QR code do Pix/ })).toBeVisible();
  }, { viewportOnly: true });
  await shootAll(page, "pix-comanda", async (p) => {
    await p.goto(`/comandas/${k.id}`);
    await p.getByTestId("comanda-pix").scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
  // One paid: the close shows it as a fixed line.
  await db`update pix_charges set status = 'paid', paid_at = now(), confirmed_by = ${u.id}
            where id = (select id from pix_charges where comanda_id = ${k.id} and status = 'active' order by created_at desc limit 1)`;
  await shootAll(page, "pix-close", async (p) => {
    await p.goto(`/comandas/${k.id}`);
    await p.getByRole("button", { name: "Fechar comanda" }).click();
    await expect(p.getByRole("dialog", { name: "Fechar comanda" }).getByText("Pix recebido")).toBeVisible();
  }, { viewportOnly: true });
  await db`update pix_charges set status = 'cancelled' where comanda_id = ${k.id} and status = 'active'`;
  await db`update cash_registers set closed_at = now() where id = ${r.id}`;
});
