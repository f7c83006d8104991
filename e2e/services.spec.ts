import { expect, test, type Page } from "./fixtures";
import { emptySalon, studioId, tag, toast } from "./catalog-fixtures";
import { EMPLOYEE, login, OWNER, sql } from "./support";

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
    await toast(page, "Erro ao excluir serviço", `O serviço "${name}" está em 1 agendamento e não pode ser excluído.`);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
    await expect(card(page, name)).toBeVisible();

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
});
