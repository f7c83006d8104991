import { expect, test, type Page } from "./fixtures";
import { emptySalon, pngImage, studioId, tag, toast } from "./catalog-fixtures";
import { EMPLOYEE, login, OWNER, sql } from "./support";

function card(page: Page, name: string) {
  return page.getByTestId("professional-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

const row = (page: Page, day: string) => page.getByRole("dialog").getByRole("listitem", { name: day, exact: true });

async function createProfessional(page: Page, name: string, offers: [string, string][] = []) {
  await page.getByRole("button", { name: "Novo Profissional" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Profissional" });
  await dialog.getByLabel("Nome *").fill(name);
  for (const [service, price] of offers) {
    await dialog.getByRole("checkbox", { name: new RegExp(`^${service}`) }).check();
    await dialog.getByLabel(`Preço de ${service}`).fill(price);
  }
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await toast(page, "Profissional criado com sucesso");
  await expect(dialog).toBeHidden();
}

test.describe("Profissionais", () => {
  test("create with validation, services and prices, a photo shown on the card; edit; delete", async ({ page }) => {
    const t = tag();
    const name = `Lívia Prado ${t}`;
    await login(page, OWNER);
    await page.goto("/professionals");
    await expect(page.getByRole("heading", { name: "Profissionais", level: 1 })).toBeVisible();
    await expect(card(page, "Juliana Alves")).toContainText("Ativo");
    await expect(card(page, "Bruno Oliveira")).toContainText("Inativo");
    await expect(card(page, "Juliana Alves")).toContainText("R$ 220,00");

    await page.getByRole("button", { name: "Novo Profissional" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Profissional" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("O nome do profissional é obrigatório.")).toBeVisible();
    await dialog.getByLabel("Nome *").fill(name);
    await dialog.getByLabel("E-mail").fill("livia@");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("E-mail inválido")).toBeVisible();
    await dialog.getByLabel("E-mail").fill(`livia.${t}@exemplo.com`);
    await dialog.getByLabel("Telefone").fill("65999887766");
    await dialog.getByLabel("Bio").fill("Especialista em cachos.");

    // Prices: other characters stripped as typed, only the first separator kept, shown as it will be saved.
    const corte = dialog.getByLabel("Preço de Corte feminino");
    await expect(corte).toBeDisabled();
    await dialog.getByRole("checkbox", { name: /^Corte feminino/ }).check();
    await corte.fill("R$ 45,5");
    await expect(corte).toHaveValue("45,5");
    await expect(dialog.getByText("Será salvo como R$ 45,50")).toBeVisible();
    await dialog.getByRole("checkbox", { name: /^Escova/ }).check();
    await dialog.getByLabel("Preço de Escova").fill("1.2.3");
    await expect(dialog.getByLabel("Preço de Escova")).toHaveValue("1.23");
    await dialog.getByLabel("Preço de Escova").fill("999999999");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("Preço muito alto")).toBeVisible();
    await dialog.getByLabel("Preço de Escova").fill("");
    await expect(dialog.getByText("Sem preço")).toBeVisible();

    // The photo: refused at once when it is not an image by its bytes, or too big; a real PNG is kept.
    const picker = dialog.getByLabel("Foto do profissional");
    await picker.setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.from("isto não é uma imagem") });
    await expect(dialog.getByText("A foto deve ser uma imagem JPEG, PNG, WebP ou GIF.")).toBeVisible();
    await picker.setInputFiles({ name: "grande.png", mimeType: "image/png", buffer: Buffer.concat([pngImage(8), Buffer.alloc(2 * 1024 * 1024)]) });
    await expect(dialog.getByText("A foto deve ter no máximo 2 MB.")).toBeVisible();
    await picker.setInputFiles({ name: "livia.txt", mimeType: "text/plain", buffer: pngImage() });
    await expect(dialog.getByText("JPEG, PNG, WebP ou GIF, até 2 MB.")).toBeVisible();
    await expect(dialog.getByRole("img", { name: `Foto de ${name}` })).toBeVisible();

    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Profissional criado com sucesso");
    await expect(dialog).toBeHidden();

    const c = card(page, name);
    await expect(c).toContainText("Ativo");
    await expect(c).toContainText("(65) 99988-7766");
    await expect(c.getByRole("list", { name: `Serviços de ${name}` })).toContainText("Corte feminino");
    await expect(c.getByRole("list", { name: `Serviços de ${name}` })).toContainText("R$ 45,50");
    await expect(c.getByRole("list", { name: `Serviços de ${name}` })).toContainText("Escovasem preço");
    const photo = c.getByRole("img", { name: `Foto de ${name}` });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    const [saved] = await sql()<{ id: string; avatar_url: string; email: string; bio: string }[]>`
      select id, avatar_url, email, bio from professionals where name = ${name}`;
    expect(saved.avatar_url).toMatch(/^\/api\/avatars\//);
    const prices = await sql()<{ name: string; price: string | null }[]>`
      select s.name, ps.price::text as price from professional_services ps join services s on s.id = ps.service_id
       where ps.professional_id = ${saved.id} order by s.name`;
    expect(prices).toEqual([{ name: "Corte feminino", price: "45.50" }, { name: "Escova", price: null }]);

    // The photo is served with its type, privately, to members only.
    const res = await page.request.get(saved.avatar_url);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["cache-control"]).toBe("private, max-age=3600");
    expect((await page.request.get(saved.avatar_url, { headers: { "If-None-Match": res.headers()["etag"] } })).status()).toBe(304);

    // Edit: inactive, one service less, another price, photo removed.
    await c.getByRole("button", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Profissional" });
    await expect(edit.getByLabel("Preço de Corte feminino")).toHaveValue("45,50");
    await edit.getByRole("switch", { name: "Ativo" }).click();
    await edit.getByRole("checkbox", { name: /^Escova/ }).uncheck();
    await edit.getByLabel("Preço de Corte feminino").fill("50");
    await edit.getByRole("button", { name: "Remover foto" }).click();
    await edit.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Profissional atualizado com sucesso");
    await expect(c).toContainText("Inativo");
    await expect(c).toContainText("R$ 50,00");
    await expect(c).not.toContainText("Escova");
    await expect(c.getByRole("img", { name: `Foto de ${name}` })).toHaveCount(0);
    await expect(c.getByLabel(`Iniciais de ${name}`)).toHaveText("LP");
    expect((await page.request.get(saved.avatar_url)).status()).toBe(404);

    await c.getByRole("button", { name: `Excluir ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Tem certeza que deseja excluir o profissional "${name}"? Esta ação não pode ser desfeita.`);
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Profissional excluído com sucesso");
    await expect(card(page, name)).toHaveCount(0);
    const audits = await sql()<{ action_type: string }[]>`select action_type from audit_logs where entity_id = ${saved.id} order by created_at`;
    expect(audits.map((a) => a.action_type)).toEqual(["CREATE", "UPDATE", "DELETE"]);
  });

  test("Restrições: defaults over the business hours, every refusal, saved and reloaded", async ({ page }) => {
    const t = tag();
    const name = `Restrita ${t}`;
    await login(page, OWNER);
    await page.goto("/professionals");
    await createProfessional(page, name);
    await card(page, name).getByRole("button", { name: `Restrições de ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Restrições de ${name}` });
    for (const day of ["Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"]) {
      await expect(row(page, day)).toBeVisible();
    }
    // Sunday: off (the salon is closed), inputs disabled, no break can be added.
    await expect(dialog.getByRole("switch", { name: "Trabalha Domingo" })).not.toBeChecked();
    await expect(dialog.getByLabel("Início Dom")).toBeDisabled();
    await expect(dialog.getByLabel("Fim Dom")).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Adicionar pausa Dom" })).toBeDisabled();
    // Weekdays: the salon's 08:00–19:00 over the defaults, with the default lunch.
    await expect(dialog.getByLabel("Início Seg")).toHaveValue("08:00");
    await expect(dialog.getByLabel("Fim Seg")).toHaveValue("19:00");
    await expect(dialog.getByLabel("Início da pausa 1 Seg")).toHaveValue("12:00");
    await expect(dialog.getByLabel("Fim da pausa 1 Seg")).toHaveValue("13:00");
    await expect(dialog.getByLabel("Nome da pausa 1 Seg")).toHaveValue("Almoço");
    await expect(dialog.getByLabel("Início Seg")).toHaveAttribute("step", "60");
    // Saturday: the salon opens 08:00–14:00, so the professional works then.
    await expect(dialog.getByRole("switch", { name: "Trabalha Sábado" })).toBeChecked();
    await expect(dialog.getByLabel("Fim Sáb")).toHaveValue("14:00");

    await dialog.getByRole("button", { name: "Adicionar pausa Ter" }).click();
    await expect(dialog.getByLabel("Início da pausa 2 Ter")).toHaveValue("10:00");
    await expect(dialog.getByLabel("Fim da pausa 2 Ter")).toHaveValue("10:15");
    await expect(dialog.getByLabel("Nome da pausa 2 Ter")).toHaveValue("Pausa");

    await dialog.getByLabel("Fim Qua").fill("07:00");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Falha ao salvar restrições", "Qua: O horário final deve ser depois do inicial");
    await expect(row(page, "Quarta-feira").getByText("O horário final deve ser depois do inicial")).toBeVisible();
    await dialog.getByLabel("Fim Qua").fill("17:00");

    await dialog.getByLabel("Início da pausa 2 Ter").fill("19:30");
    await dialog.getByLabel("Fim da pausa 2 Ter").fill("19:45");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Falha ao salvar restrições", "Ter: A pausa deve ficar dentro do horário de trabalho");
    await expect(row(page, "Terça-feira").getByText("A pausa deve ficar dentro do horário de trabalho")).toBeVisible();

    await dialog.getByLabel("Início da pausa 2 Ter").fill("12:30");
    await dialog.getByLabel("Fim da pausa 2 Ter").fill("12:45");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Falha ao salvar restrições", "Ter: As pausas não podem se sobrepor");

    await dialog.getByLabel("Início da pausa 2 Ter").fill("15:00");
    await dialog.getByLabel("Fim da pausa 2 Ter").fill("15:15");
    await dialog.getByLabel("Nome da pausa 2 Ter").fill("Café");
    await dialog.getByRole("button", { name: "Remover pausa 1 Seg" }).click();
    await expect(dialog.getByLabel("Início da pausa 1 Seg")).toHaveCount(0);
    await dialog.getByRole("switch", { name: "Trabalha Sábado" }).click();
    await expect(dialog.getByLabel("Início Sáb")).toBeDisabled();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Restrições atualizadas com sucesso");
    await expect(dialog).toBeHidden();

    const [pro] = await sql()<{ id: string }[]>`select id from professionals where name = ${name}`;
    const days = await sql()<{ day_of_week: number; is_working: boolean; start_time: string | null; end_time: string | null }[]>`
      select day_of_week, is_working, start_time::text, end_time::text from professional_weekly_schedules where professional_id = ${pro.id} order by day_of_week`;
    expect(days.map((d) => [d.day_of_week, d.is_working, d.start_time, d.end_time])).toEqual([
      [0, false, null, null],
      [1, true, "08:00:00", "19:00:00"],
      [2, true, "08:00:00", "19:00:00"],
      [3, true, "08:00:00", "17:00:00"],
      [4, true, "08:00:00", "19:00:00"],
      [5, true, "08:00:00", "19:00:00"],
      [6, false, null, null],
    ]);

    // Reopened: what was saved.
    await card(page, name).getByRole("button", { name: `Restrições de ${name}` }).click();
    await expect(dialog.getByLabel("Fim Qua")).toHaveValue("17:00");
    await expect(dialog.getByLabel("Início da pausa 1 Seg")).toHaveCount(0);
    await expect(dialog.getByLabel("Início da pausa 2 Ter")).toHaveValue("15:00");
    await expect(dialog.getByLabel("Nome da pausa 2 Ter")).toHaveValue("Café");
    await expect(dialog.getByRole("switch", { name: "Trabalha Sábado" })).not.toBeChecked();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    const [audit] = await sql()<{ description: string }[]>`
      select description from audit_logs where entity_id = ${pro.id} and description like 'Restrições%'`;
    expect(audit.description).toContain("Qua: 08:00–19:00, Almoço 12:00–13:00 → 08:00–17:00, Almoço 12:00–13:00");
  });

  test("delete warns when upcoming appointments would lose their professional", async ({ page }) => {
    const t = tag();
    const businessId = await studioId();
    const name = `Com Agenda ${t}`;
    const [pro] = await sql()<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, ${name}) returning id`;
    const [svc] = await sql()<{ id: string }[]>`select id from services where business_id = ${businessId} and name = 'Corte feminino'`;
    const [client] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${`Cliente ${t}`}) returning id`;
    const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time) values (${businessId}, ${client.id}, '2031-10-07', '09:00') returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${a.id}, ${svc.id}, ${pro.id}, ${businessId})`;
    await login(page, OWNER);
    await page.goto("/professionals");
    await card(page, name).getByRole("button", { name: `Excluir ${name}` }).click();
    await expect(page.getByRole("alertdialog")).toContainText("1 agendamento de hoje em diante ficará sem profissional.");
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Profissional excluído com sucesso");
    const [line] = await sql()<{ professional_id: string | null }[]>`select professional_id from appointment_services where appointment_id = ${a.id}`;
    expect(line.professional_id).toBeNull();
  });

  test("empty state of a business without professionals or services", async ({ page }) => {
    const salon = await emptySalon();
    await login(page, salon.email);
    await page.goto("/professionals");
    await expect(page.getByText("Nenhum profissional cadastrado")).toBeVisible();
    await page.getByRole("button", { name: "Novo Profissional" }).click();
    await expect(page.getByRole("dialog")).toContainText("Nenhum serviço cadastrado. Cadastre os serviços em Serviços.");
  });

  test("an employee creates a professional with a price, saves restrictions and deletes them", async ({ page }) => {
    const t = tag();
    const name = `Pelo Colaborador ${t}`;
    await login(page, EMPLOYEE);
    await page.goto("/professionals");
    await createProfessional(page, name, [["Barba", "32,90"]]);
    await expect(card(page, name)).toContainText("R$ 32,90");
    await card(page, name).getByRole("button", { name: `Restrições de ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Restrições de ${name}` });
    await dialog.getByLabel("Fim Sex").fill("17:00");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Restrições atualizadas com sucesso");
    await card(page, name).getByRole("button", { name: `Excluir ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Profissional excluído com sucesso");
    const audits = await sql()<{ action_type: string; email: string }[]>`
      select a.action_type, u.email from audit_logs a join users u on u.id = a.user_id
       where a.entity_type = 'professional' and a.description like ${`%"${name}"%`} order by a.created_at`;
    expect(audits).toEqual([
      { action_type: "CREATE", email: EMPLOYEE },
      { action_type: "UPDATE", email: EMPLOYEE },
      { action_type: "DELETE", email: EMPLOYEE },
    ]);
  });
});
