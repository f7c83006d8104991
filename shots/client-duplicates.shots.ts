import { expect, test } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/**
 * No silent duplicate clients (issue 52, item 4): 'Novo Cliente' warning of a registered phone, the
 * same in the appointment's 'Criar novo', and 'Mesclar' on the client's page with who stays and who
 * goes; at 1280 and 390 px, light and dark.
 */
const PHONE = "(65) 99321-7788";
const EXISTING = "Fernanda Cristina Albuquerque";
const KEPT = "Patrícia Lima";
const REMOVED = "Patricia Lima (cadastro antigo)";

async function seed() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  await sql()`delete from clients c where business_id = ${b.id} and name in (${EXISTING}, ${KEPT}, ${REMOVED}) and not exists (select 1 from appointments a where a.client_id = c.id)`;
  await sql()`insert into clients (business_id, name, phone, email) values (${b.id}, ${EXISTING}, ${PHONE}, 'fernanda.albuquerque@exemplo.com')`;
  const [k] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone) values (${b.id}, ${KEPT}, '(65) 99123-4455') returning id`;
  await sql()`insert into clients (business_id, name, email) values (${b.id}, ${REMOVED}, 'patricia.lima@exemplo.com')`;
  return k.id;
}

test.use({ reducedMotion: "reduce" });

test("client duplicates", async ({ page }) => {
  const keptId = await seed();
  await login(page, OWNER);
  await shootAll(page, "client-duplicate-new", async (p) => {
    await p.goto("/clients");
    await p.getByRole("button", { name: "Novo Cliente" }).click();
    const dialog = p.getByRole("dialog", { name: "Novo Cliente" });
    await dialog.getByLabel("Nome *").fill("Fernanda A.");
    await dialog.getByLabel("Telefone").fill("65993217788");
    await expect(dialog.getByRole("group", { name: "Cliente já cadastrado" })).toBeVisible();
  }, { viewportOnly: true });
  await shootAll(page, "client-duplicate-register", async (p) => {
    await p.goto("/clients?q=Fernanda%20Souza");
    await expect(p.getByRole("button", { name: 'Cadastrar "Fernanda Souza"' })).toBeVisible();
  });
  await shootAll(page, "client-duplicate-appointment", async (p) => {
    await p.goto("/appointments?vista=cartoes");
    await p.getByRole("button", { name: /^Novo agendamento em/ }).first().click();
    const dialog = p.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByRole("combobox", { name: /^Cliente/ }).fill("Fernanda Souza");
    await dialog.getByRole("button", { name: 'Cadastrar "Fernanda Souza"' }).click();
    await dialog.getByLabel("Telefone").fill(PHONE);
    const warning = dialog.getByRole("group", { name: "Cliente já cadastrado" });
    await expect(warning).toBeVisible();
    await warning.scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
  await shootAll(page, "client-merge", async (p) => {
    await p.goto(`/clients/${keptId}`);
    await p.getByRole("button", { name: "Mesclar" }).click();
    const dialog = p.getByRole("dialog", { name: "Mesclar clientes" });
    await dialog.getByRole("combobox", { name: /^Cliente que será removido/ }).fill("cadastro antigo");
    await dialog.getByRole("option", { name: /cadastro antigo/ }).click();
    await expect(dialog.getByTestId("merge-summary")).toBeVisible();
  }, { viewportOnly: true });
});
