import { openWeekday, studioId, tag } from "./booking-steps";
import { expect, test } from "./fixtures";
import { EMPLOYEE, expectToast, login, OWNER, sql } from "./support";

/**
 * No silent duplicate clients (issue 52, item 4): 'Novo Cliente' and the appointment's 'Criar novo'
 * with a registered client's phone warn, show that client and offer to use them; the search's
 * 'Nenhum cliente encontrado.' offers 'Cadastrar "{texto}"' with the text carried into the form;
 * 'Mesclar' on the client's page (owner only) moves the history and removes the other client. At
 * 1280 and 390 px.
 */

/** A phone nobody else has in this run: '(65) 9NNNN-NNNN'. */
const freshPhone = () => {
  const d = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return { formatted: `(65) 9${d.slice(0, 4)}-${d.slice(4)}`, digits: `659${d}` };
};

async function registered(name: string, phone: string | null, email: string | null = null) {
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone, email) values (${await studioId()}, ${name}, ${phone}, ${email}) returning id`;
  return c.id;
}

for (const size of [{ name: "1280", width: 1280, height: 800, touch: false }, { name: "390", width: 390, height: 844, touch: true }]) {
  test.describe(`Clientes duplicados, ${size.name} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, reducedMotion: "reduce" });

    test("Novo Cliente: a registered phone warns and names the client; the save is refused until 'É outra pessoa'; the empty search offers 'Cadastrar'", async ({ page }) => {
      const t = tag();
      const phone = freshPhone();
      const existing = `Dupla ${t}`;
      await registered(existing, phone.formatted);
      await login(page, OWNER);
      await page.goto("/clients");
      await page.getByRole("button", { name: "Novo Cliente" }).click();
      const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
      await dialog.getByLabel("Nome *").fill(`Outra ${t}`);
      // Typed another way, digits only: the same phone.
      await dialog.getByLabel("Telefone").fill(phone.digits);
      const warning = dialog.getByRole("group", { name: "Cliente já cadastrado" });
      await expect(warning).toContainText(existing);
      await expect(warning).toContainText("Mesmo telefone");
      await expect(warning.getByRole("link", { name: `Ver cliente ${existing}` })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expectToast(page, "Cliente já cadastrado", `Já existe um cliente com este telefone: ${existing}.`);
      await expect(dialog).toBeVisible();
      await warning.getByRole("checkbox", { name: "É outra pessoa: cadastrar mesmo assim" }).check();
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expectToast(page, "Cliente criado com sucesso!");
      await expect(dialog).toBeHidden();
      const rows = await sql()<{ name: string }[]>`select name from clients where business_id = ${await studioId()} and phone in (${phone.formatted}, ${phone.digits}) order by created_at`;
      expect(rows.map((r) => r.name)).toEqual([existing, `Outra ${t}`]);

      // A search that finds nobody: 'Cadastrar "{texto}"' opens the form with the name typed.
      const nobody = `Ninguém ${t}`;
      await page.getByRole("searchbox").fill(nobody);
      await expect(page.getByText("Nenhum cliente encontrado.")).toBeVisible();
      await page.getByRole("button", { name: `Cadastrar "${nobody}"` }).click();
      await expect(dialog.getByLabel("Nome *")).toHaveValue(nobody);
      await expect(dialog.getByLabel("Telefone")).toHaveValue("");
    });

    test("Novo Agendamento: 'Cadastrar' from the search carries the name into 'Criar novo'; a registered phone offers 'Usar este cliente', which picks them", async ({ page }) => {
      const t = tag();
      const phone = freshPhone();
      const existing = `Registrada ${t}`;
      await registered(existing, phone.formatted);
      const date = await openWeekday(size.touch ? 43 : 42);
      await login(page, OWNER);
      await page.goto(`/appointments?vista=cartoes&dia=${date}`);
      await page.locator(`section[data-date="${date}"]`).getByRole("button", { name: /^Novo agendamento em/ }).click();
      const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
      const typed = `Walk-in ${t}`;
      await dialog.getByRole("combobox", { name: /^Cliente/ }).fill(typed);
      await expect(dialog.getByText("Nenhum cliente encontrado.")).toBeVisible();
      await dialog.getByRole("button", { name: `Cadastrar "${typed}"` }).click();
      await expect(dialog.getByRole("radio", { name: "Criar novo" })).toHaveAttribute("aria-checked", "true");
      await expect(dialog.getByLabel("Nome *")).toHaveValue(typed);

      await dialog.getByLabel("Telefone").fill(phone.formatted);
      const warning = dialog.getByRole("group", { name: "Cliente já cadastrado" });
      await expect(warning).toContainText(existing);
      await expect(warning).toContainText("Mesmo telefone");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await warning.getByRole("button", { name: `Usar este cliente: ${existing}` }).click();
      await expect(dialog.getByRole("radio", { name: "Selecionar existente" })).toHaveAttribute("aria-checked", "true");
      await expect(dialog.getByRole("combobox", { name: /^Cliente/ })).toHaveValue(existing);
      // Nothing was created.
      expect(await sql()`select 1 from clients where business_id = ${await studioId()} and name = ${typed}`).toHaveLength(0);
    });

    test("Mesclar: the owner picks the duplicate, is told who stays, confirms; the history moves and the duplicate is gone; an employee has no 'Mesclar'", async ({ page }) => {
      const t = tag();
      const kept = `Ana ${t} Souza`;
      const removed = `Ana ${t} S.`;
      const keptId = await registered(kept, freshPhone().formatted);
      const removedId = await registered(removed, null, `ana.${t}@exemplo.com`);
      const businessId = await studioId();
      const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${removedId}, '2020-03-10', '10:00', 4) returning id`;

      await login(page, EMPLOYEE);
      await page.goto(`/clients/${keptId}`);
      await expect(page.getByRole("heading", { name: kept, level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Mesclar" })).toHaveCount(0);

      await login(page, OWNER);
      await page.goto(`/clients/${keptId}`);
      await page.getByRole("button", { name: "Mesclar" }).click();
      const dialog = page.getByRole("dialog", { name: "Mesclar clientes" });
      await expect(dialog).toContainText(`${kept} continua; o outro cliente é excluído.`);
      await dialog.getByRole("combobox", { name: /^Cliente que será removido/ }).fill(removed);
      await dialog.getByRole("option", { name: new RegExp(removed.replace(".", "\\.")) }).click();
      const summary = dialog.getByTestId("merge-summary");
      await expect(summary).toContainText(`Continua: ${kept}`);
      await expect(summary).toContainText(`Será removido: ${removed}`);
      await dialog.getByRole("button", { name: "Mesclar", exact: true }).click();
      await expect(dialog.getByText("Confirme a mesclagem.")).toBeVisible();
      await summary.getByRole("checkbox", { name: `Confirmo: excluir ${removed} e manter ${kept}` }).check();
      await dialog.getByRole("button", { name: "Mesclar", exact: true }).click();
      await expectToast(page, "Clientes mesclados", `${removed} foi mesclado em ${kept}: 1 agendamento passou para ${kept}.`);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("region", { name: "Histórico" })).toContainText("10/03/2020");
      await expect(page.getByText(`ana.${t}@exemplo.com`)).toBeVisible();

      expect(await sql()`select 1 from clients where id = ${removedId}`).toHaveLength(0);
      const [moved] = await sql()<{ client_id: string }[]>`select client_id from appointments where id = ${a.id}`;
      expect(moved.client_id).toBe(keptId);
    });
  });
}
