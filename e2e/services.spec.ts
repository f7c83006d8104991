import { expect, test, type Page } from "./fixtures";
import { emptySalon, studioId, tag, toast } from "./catalog-fixtures";
import { EMPLOYEE, login, OWNER, sql } from "./support";

/** The studio's Tuesday 2031-10-07, where the tests below book their own clients (nobody else does). */
const OLD_DAY = "2031-10-07";

function card(page: Page, name: string) {
  return page.getByTestId("service-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Buscar serviços" }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

test.describe("Serviços", () => {
  test("create with every validation message, accent-insensitive search, edit and delete", async ({ page }) => {
    const t = tag();
    const name = `Sobrancelha Égua ${t}`;
    await login(page, OWNER);
    await page.goto("/services");
    await expect(page.getByRole("heading", { name: "Serviços", level: 1 })).toBeVisible();
    await expect(page.getByTestId("service-card").first()).toBeVisible();

    await page.getByRole("button", { name: "Novo Serviço" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Serviço" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("O nome do serviço é obrigatório.")).toBeVisible();
    await dialog.getByLabel("Nome *").fill(name);
    const duration = dialog.getByLabel("Duração (minutos)");
    for (const [typed, message] of [
      ["0", "A duração mínima é 1 minuto."],
      ["1.5", "Informe a duração em minutos, um número inteiro."],
      ["1441", "A duração máxima é 1440 minutos (24 horas)."],
    ]) {
      await duration.fill(typed);
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await duration.fill("45");
    await dialog.getByLabel("Descrição").fill("Design com linha");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Serviço criado com sucesso!");
    await expect(dialog).toBeHidden();

    await search(page, `SOBRANCELHA EGUA ${t}`);
    await expect(card(page, name)).toBeVisible();
    await expect(card(page, name)).toContainText("45min");
    await expect(card(page, name)).toContainText("Design com linha");
    await expect(card(page, name)).toContainText("Sem preço definido");
    await expect(card(page, name)).toContainText("Nenhum profissional");

    await card(page, name).getByRole("button", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Serviço" });
    await expect(edit.getByLabel("Duração (minutos)")).toHaveValue("45");
    await edit.getByLabel("Duração (minutos)").fill("90");
    await edit.getByLabel("Descrição").fill("   ");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Serviço atualizado com sucesso!");
    await expect(card(page, name)).toContainText("1h 30min");
    await expect(card(page, name)).toContainText("Sem descrição");
    const [row] = await sql()<{ description: string | null; duration_minutes: number | null }[]>`
      select description, duration_minutes from services where name = ${name}`;
    expect(row).toEqual({ description: null, duration_minutes: 90 });

    // An empty duration is saved as null; the card says so.
    await card(page, name).getByRole("button", { name: `Editar ${name}` }).click();
    await edit.getByLabel("Duração (minutos)").fill("");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Serviço atualizado com sucesso!");
    await expect(card(page, name)).toContainText("Duração não definida");

    await card(page, name).getByRole("button", { name: `Excluir ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Tem certeza que deseja excluir este serviço?");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Serviço excluído com sucesso!");
    await expect(page.getByText("Nenhum serviço encontrado.")).toBeVisible();
    const audits = await sql()<{ action_type: string }[]>`
      select action_type from audit_logs where entity_type = 'service' and description like ${`Serviço "${name}"%`} order by created_at`;
    expect(audits.map((a) => a.action_type)).toEqual(["CREATE", "UPDATE", "UPDATE", "DELETE"]);
  });

  test("the card shows the price range across professionals, in BRL", async ({ page }) => {
    const t = tag();
    const businessId = await studioId();
    const [service] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, ${`Luzes ${t}`}, 150) returning id`;
    const pros = await sql()<{ id: string }[]>`
      insert into professionals (business_id, name) values (${businessId}, ${`Ana ${t}`}), (${businessId}, ${`Bia ${t}`}) returning id`;
    await sql()`insert into professional_services (professional_id, service_id, business_id, price)
      values (${pros[0].id}, ${service.id}, ${businessId}, 180.5), (${pros[1].id}, ${service.id}, ${businessId}, 1250)`;
    await login(page, OWNER);
    await page.goto(`/services?q=luzes+${t}`);
    await expect(card(page, `Luzes ${t}`)).toContainText("2h 30min");
    await expect(card(page, `Luzes ${t}`)).toContainText("R$ 180,50 – R$ 1.250,00");
    await expect(card(page, `Luzes ${t}`)).toContainText("2 profissionais");
  });

  test("refusals: a service in appointments can't be deleted; a longer duration that would overlap a booking is refused, naming it", async ({ page }) => {
    const t = tag();
    const businessId = await studioId();
    const [svc] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, ${`Escova ${t}`}, 30) returning id`;
    const [longer] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, ${`Penteado ${t}`}, 60) returning id`;
    const [pro] = await sql()<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, ${`Paula ${t}`}) returning id`;
    const [ana] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${`Ana ${t}`}) returning id`;
    const [bia] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${`Bia ${t}`}) returning id`;
    const book = async (client: string, time: string, service: string) => {
      const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time) values (${businessId}, ${client}, '2031-09-16', ${time}) returning id`;
      await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${a.id}, ${service}, ${pro.id}, ${businessId})`;
    };
    await book(ana.id, "10:00", svc.id);
    await book(bia.id, "10:30", longer.id);

    await login(page, OWNER);
    await page.goto(`/services?q=${t}`);
    const name = `Escova ${t}`;
    await card(page, name).getByRole("button", { name: `Excluir ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    // The refusal turns the dialog into the offer to deactivate; 'Cancelar' leaves the service as it was.
    const inUse = page.getByRole("alertdialog", { name: "Serviço em uso" });
    await expect(inUse).toContainText(`O serviço "${name}" está em 1 agendamento e não pode ser excluído.`);
    await inUse.getByRole("button", { name: "Cancelar" }).click();
    await expect(inUse).toBeHidden();
    await expect(card(page, name)).toContainText("Ativo");

    await card(page, name).getByRole("button", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Serviço" });
    await edit.getByLabel("Duração (minutos)").fill("45");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await toast(
      page,
      "Erro ao salvar serviço",
      `Com a nova duração, o agendamento de Ana ${t} em 16/09/2031 às 10:00 se sobreporia ao de Bia ${t} (às 10:30) de Paula ${t}. Nenhuma alteração foi salva.`,
    );
    // The dialog stays open with what was typed; nothing changed.
    await expect(edit.getByLabel("Duração (minutos)")).toHaveValue("45");
    const [row] = await sql()<{ duration_minutes: number }[]>`select duration_minutes from services where id = ${svc.id}`;
    expect(row.duration_minutes).toBe(30);
  });

  test("empty state of a business without services", async ({ page }) => {
    const salon = await emptySalon();
    await login(page, salon.email);
    await page.goto("/services");
    await expect(page.getByText("Nenhum serviço encontrado.")).toBeVisible();
    await expect(page.getByText("Cadastre o primeiro serviço do seu negócio.")).toBeVisible();
  });

  test("an employee creates, edits and deletes a service", async ({ page }) => {
    const t = tag();
    const name = `Massagem ${t}`;
    await login(page, EMPLOYEE);
    await page.goto("/services");
    await page.getByRole("button", { name: "Novo Serviço" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Serviço" });
    await dialog.getByLabel("Nome *").fill(name);
    await dialog.getByLabel("Duração (minutos)").fill("50");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Serviço criado com sucesso!");
    await search(page, `massagem ${t}`);
    await card(page, name).getByRole("button", { name: `Editar ${name}` }).click();
    await page.getByRole("dialog", { name: "Editar Serviço" }).getByLabel("Nome *").fill(`${name} relaxante`);
    await page.getByRole("dialog", { name: "Editar Serviço" }).getByRole("button", { name: "Salvar" }).click();
    await toast(page, "Serviço atualizado com sucesso!");
    await card(page, `${name} relaxante`).getByRole("button", { name: `Excluir ${name} relaxante` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Serviço excluído com sucesso!");
    const [audit] = await sql()<{ full_name: string }[]>`
      select u.email as full_name from audit_logs a join users u on u.id = a.user_id
       where a.entity_type = 'service' and a.action_type = 'DELETE' and a.description = ${`Serviço "${name} relaxante" excluído`}`;
    expect(audit.full_name).toBe(EMPLOYEE);
  });

  test("a used service: 'Desativar' from the delete refusal; inactive, it leaves Novo Agendamento and the public page and stays on its appointment", async ({ page, browser }) => {
    const t = tag();
    const name = `Barba Clássica ${t}`;
    const client = `Cliente ${t}`;
    const businessId = await studioId();
    const [svc] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, ${name}, 30) returning id`;
    const [rafael] = await sql()<{ id: string }[]>`select id from professionals where business_id = ${businessId} and name = 'Rafael Souza'`;
    await sql()`insert into professional_services (professional_id, service_id, business_id, price) values (${rafael.id}, ${svc.id}, ${businessId}, 42)`;
    const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${client}) returning id`;
    const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${OLD_DAY}, '09:00', 2) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${a.id}, ${svc.id}, ${rafael.id}, ${businessId})`;

    // Offered on the public page while active.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto("/agendar/studio-bela-vista");
    await expect(visitor.locator("label").filter({ hasText: name })).toContainText("R$ 42,00");

    await login(page, OWNER);
    await page.goto(`/services?q=${t}`);
    await expect(card(page, name)).toContainText("Ativo");
    await card(page, name).getByRole("button", { name: `Excluir ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    const inUse = page.getByRole("alertdialog", { name: "Serviço em uso" });
    await expect(inUse).toContainText(`O serviço "${name}" está em 1 agendamento e não pode ser excluído.`);
    await expect(inUse).toContainText("Você pode desativá-lo");
    await inUse.getByRole("button", { name: "Desativar" }).click();
    await toast(page, "Serviço desativado", "Ele não aparece mais em novos agendamentos nem no agendamento online.");
    await expect(inUse).toBeHidden();
    await expect(card(page, name)).toContainText("Inativo");
    const [row] = await sql()<{ active: boolean }[]>`select active from services where id = ${svc.id}`;
    expect(row.active).toBe(false);
    const audits = await sql()<{ action_type: string; description: string; old_values: { active: boolean }; new_values: { active: boolean } }[]>`
      select action_type, description, old_values, new_values from audit_logs where entity_id = ${svc.id}`;
    expect(audits).toMatchObject([{ action_type: "UPDATE", description: `Serviço "${name}" desativado`, old_values: { active: true }, new_values: { active: false } }]);

    // The edit dialog shows it off; the agenda keeps it on its appointment, and offers it nowhere new.
    await card(page, name).getByRole("button", { name: `Editar ${name}` }).click();
    await expect(page.getByRole("dialog", { name: "Editar Serviço" }).getByRole("switch", { name: "Ativo" })).not.toBeChecked();
    await page.getByRole("dialog", { name: "Editar Serviço" }).getByRole("button", { name: "Cancelar" }).click();

    await page.goto("/appointments");
    await page.getByLabel("Ir para o dia").fill(OLD_DAY);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    const day = page.locator(`section[data-date="${OLD_DAY}"]`);
    const appointment = day.getByTestId("appointment-card").filter({ hasText: client });
    await appointment.getByRole("button", { name: client, exact: true }).click();
    await expect(appointment.getByTestId("appointment-details")).toContainText(`${name} - Rafael Souza`);

    await appointment.getByRole("button", { name: "Editar", exact: true }).click();
    const editor = page.getByRole("dialog", { name: "Gerenciar Serviços e Profissionais" });
    await expect(editor.locator("li").filter({ hasText: name })).toContainText("Inativo");
    await editor.getByRole("button", { name: "Cancelar" }).click();

    await day.getByRole("button", { name: /^Novo agendamento em/ }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
    await expect(dialog.getByRole("checkbox", { name: /Corte feminino/ })).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: new RegExp(name) })).toHaveCount(0);

    await visitor.reload();
    await expect(visitor.locator("label").filter({ hasText: "Corte feminino" })).toBeVisible();
    await expect(visitor.locator("label").filter({ hasText: name })).toHaveCount(0);
  });
});
