import { expect, test } from "./fixtures";
import { studioId } from "./booking-steps";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { createAccount, createBusiness, expectToast, login, OWNER, sql, uid } from "./support";

test.describe("Lembretes e notificações", () => {
  test("the owner edits the 'Lembretes' card in its dialog and it stays saved", async ({ page }) => {
    const businessId = await studioId();
    await login(page, OWNER);
    await page.goto("/business-profile");
    const card = page.getByTestId("reminders-card");
    await expect(card.getByText("Lembretes", { exact: true })).toBeVisible();
    await expect(card.getByTestId("reminders-Lembretes aos clientes")).toHaveText("Desligado");
    try {
      await card.getByRole("button", { name: "Editar lembretes" }).click();
      const dialog = page.getByRole("dialog", { name: "Lembretes" });
      await dialog.getByRole("switch", { name: "Enviar lembretes aos clientes" }).click();
      await dialog.getByRole("combobox", { name: "Segundo lembrete" }).click();
      await page.getByRole("option", { name: "Nenhum" }).click();
      await dialog.getByRole("switch", { name: "Resumo do dia às 07:00 por e-mail" }).click();
      // WhatsApp is not configured on this server: its box says so and can't be ticked.
      await expect(dialog.getByText("Indisponível: o WhatsApp não está configurado neste servidor.")).toBeVisible();
      await expect(dialog.getByRole("checkbox", { name: "WhatsApp" })).toBeDisabled();
      // Both channels off is refused, and what was typed stays.
      await dialog.getByRole("checkbox", { name: "E-mail" }).click();
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expect(dialog.getByText("Escolha pelo menos um canal.")).toBeVisible();
      await dialog.getByRole("checkbox", { name: "E-mail" }).click();
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await expectToast(page, "Lembretes salvos", "Os próximos agendamentos recebem lembretes.");
      await expect(dialog).toBeHidden();
      await expect(card.getByTestId("reminders-Lembretes aos clientes")).toHaveText("Ligado");
      await expect(card.getByTestId("reminders-Quando")).toHaveText("24 horas antes");

      await page.reload();
      await expect(card.getByTestId("reminders-Seu resumo do dia às 07:00")).toHaveText("Ligado");
      await card.getByRole("button", { name: "Editar lembretes" }).click();
      await expect(dialog.getByRole("switch", { name: "Enviar lembretes aos clientes" })).toBeChecked();
      await expect(dialog.getByRole("combobox", { name: "Segundo lembrete" })).toHaveText("Nenhum");
      await expect(dialog.getByRole("combobox", { name: "Primeiro lembrete" })).toHaveText("24 horas antes");
      const [row] = await sql()<{ reminders_enabled: boolean; reminder_lead_minutes: number[] }[]>`
        select reminders_enabled, reminder_lead_minutes from business_notification_settings where business_id = ${businessId}`;
      expect(row).toEqual({ reminders_enabled: true, reminder_lead_minutes: [1440] });
    } finally {
      await sql()`update business_notification_settings set reminders_enabled = false where business_id = ${businessId}`;
      await sql()`select agenda_reschedule_business_reminders(${businessId})`;
      await sql()`update user_business_roles set daily_summary = false where business_id = ${businessId}`;
    }
  });

  test("the 'Lembretes' card names the reminders that go without 'Preciso cancelar' (a lead not longer than the cancel notice), as they are picked and as the notice changes", async ({ page }) => {
    // A business of its own: the defaults (24 h and 2 h; cancel notice 2 h) and no other test's edits.
    const owner = await createAccount();
    await createBusiness({ name: `Salão do Aviso ${uid()}`, ownerId: owner.id });
    await login(page, owner.email);
    await page.goto("/business-profile");
    const card = page.getByTestId("reminders-card");
    const note = card.getByTestId("reminders-no-cancel-link");
    await expect(note).toHaveText(
      "O lembrete de 2 horas antes vai sem o link 'Preciso cancelar': o cancelamento pelo link vai até 2 horas antes do horário ('Cancelamento pelo cliente', em Agendamento online). Ele pede ao cliente que ligue para o estabelecimento.",
    );

    await card.getByRole("button", { name: "Editar lembretes" }).click();
    const dialog = page.getByRole("dialog", { name: "Lembretes" });
    const said = dialog.getByTestId("reminders-dialog-no-cancel-link");
    await expect(said).toContainText("O lembrete de 2 horas antes vai sem o link 'Preciso cancelar'");
    // As the lead times are picked: 3 hours has its link; 1 hour, then 30 minutes too, have none.
    await dialog.getByRole("combobox", { name: "Segundo lembrete" }).click();
    await page.getByRole("option", { name: "3 horas antes" }).click();
    await expect(said).toHaveCount(0);
    await dialog.getByRole("combobox", { name: "Primeiro lembrete" }).click();
    await page.getByRole("option", { name: "1 hora antes" }).click();
    await expect(said).toContainText("O lembrete de 1 hora antes vai sem o link 'Preciso cancelar'");
    await dialog.getByRole("combobox", { name: "Segundo lembrete" }).click();
    await page.getByRole("option", { name: "30 minutos antes" }).click();
    await expect(said).toContainText("Os lembretes de 1 hora antes e de 30 minutos antes vão sem o link 'Preciso cancelar'");
    await expect(said).toContainText("Eles pedem ao cliente que ligue para o estabelecimento.");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expectToast(page, "Lembretes salvos");
    await expect(dialog).toBeHidden();
    await expect(note).toContainText("Os lembretes de 1 hora antes e de 30 minutos antes vão sem o link 'Preciso cancelar'");

    // A shorter cancel notice on the 'Agendamento online' card: the 1-hour reminder gets its link back.
    const online = page.getByRole("form", { name: "Agendamento online" });
    await online.getByRole("combobox", { name: "Cancelamento pelo cliente" }).click();
    await page.getByRole("option", { name: "Até o horário do atendimento" }).click();
    await online.getByRole("button", { name: "Salvar" }).click();
    await expect(note).toHaveCount(0);
  });

  test("the bell shows a client's confirmation live, lists it, and 'Marcar todas como lidas' clears the count", async ({ page }) => {
    // A business of its own: other tests' clients book and confirm at the studio meanwhile.
    const owner = await createAccount();
    const businessId = await createBusiness({ name: `Salão do Sino ${uid()}`, ownerId: owner.id });
    const date = addDays(todayInBusiness(), 3);
    const [a] = await sql()<{ id: string }[]>`
      with c as (insert into clients (business_id, name) values (${businessId}, 'Joana Sino') returning id)
      insert into appointments (business_id, client_id, date, time) select ${businessId}, id, ${date}, '10:00' from c returning id`;
    await login(page, owner.email);
    await page.goto("/appointments");
    const bell = page.getByTestId("notification-bell");
    await expect(bell).toHaveAccessibleName("Notificações");
    await bell.click();
    await expect(page.getByText("Nenhuma notificação")).toBeVisible();
    await page.keyboard.press("Escape");

    await sql()`insert into business_notifications (business_id, appointment_id, kind) values (${businessId}, ${a.id}, 'client_confirmed')`;
    await expect(bell).toHaveAccessibleName("Notificações, 1 não lida", { timeout: 10_000 });

    await bell.click();
    const item = page.getByRole("menuitem", { name: /^Joana Sino confirmou presença: \S+ \d\d\/\d\d às 10:00/ });
    await expect(item).toBeVisible();
    await expect(item).toContainText("agora");
    await page.getByRole("menuitem", { name: "Marcar todas como lidas" }).click();
    await expect(bell).toHaveAccessibleName("Notificações");

    // The item opens its day on the agenda.
    await bell.click();
    await page.getByRole("menuitem", { name: /Joana Sino confirmou presença/ }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments\\?dia=${date}$`));
    await expect(page.locator(`section[data-date="${date}"]`)).toBeInViewport({ timeout: 10_000 });
  });
});
