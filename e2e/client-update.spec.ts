import { openWeekday, studioId, tag } from "./booking-steps";
import { expect, test } from "./fixtures";
import { login, mailContaining, OWNER, sql } from "./support";

/**
 * Clients hear of the salon's changes (issue 52, item 5): the switch on the 'Lembretes' card, on by
 * default; a staff change ('Reagendar') queues the client's message, which the job sends with the
 * final time to the outbox once its wait is over (made due here with the queue's own function). At
 * 1280 and 390 px.
 */
for (const size of [{ name: "1280", width: 1280, height: 800, touch: false }, { name: "390", width: 390, height: 844, touch: true }]) {
  test.describe(`Avisos ao cliente, ${size.name} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, reducedMotion: "reduce" });

    test("the switch is on in the 'Lembretes' dialog; a move by the staff reaches the client's e-mail with the new time", async ({ page }) => {
      const businessId = await studioId();
      const date = await openWeekday(size.touch ? 43 : 42);
      const client = `Avisada ${tag()}`;
      const email = `avisada-${tag().toLowerCase().replace(/[^a-z0-9]/g, "")}@example.test`;
      const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name, email) values (${businessId}, ${client}, ${email}) returning id`;
      const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${date}, '09:00', 1) returning id`;
      await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
        select ${a.id}, s.id, p.id, ${businessId} from services s, professionals p
         where s.business_id = ${businessId} and s.name = 'Corte feminino' and p.business_id = ${businessId} and p.name = 'Juliana Alves'`;
      try {
        await login(page, OWNER);
        await page.goto("/business-profile");
        const card = page.getByTestId("reminders-card");
        await expect(card.getByTestId("reminders-Avisos ao cliente sobre mudanças do salão")).toHaveText("Ligado");
        await card.getByRole("button", { name: "Editar lembretes" }).click();
        const settings = page.getByRole("dialog", { name: "Lembretes" });
        await expect(settings.getByRole("switch", { name: "Avisar o cliente quando o salão marcar, mudar ou cancelar um horário" })).toBeChecked();
        await page.keyboard.press("Escape");

        await page.goto(`/appointments?vista=cartoes&dia=${date}`);
        const appt = page.locator(`section[data-date="${date}"]`).getByTestId("appointment-card").filter({ hasText: client });
        await appt.getByRole("button", { name: client }).click();
        await appt.getByRole("button", { name: "Reagendar", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Reagendar" });
        await dialog.getByRole("button", { name: "15:00", exact: true }).click();
        await dialog.getByRole("button", { name: "Reagendar", exact: true }).click();
        await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Agendamento reagendado" })).toBeVisible();

        // The wait is over: the queue's own function makes the job due now.
        await sql()`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where key = ${`client_update:${a.id}`}), run_at := now())`;
        const mail = await mailContaining(email, "às 15:00");
        expect(mail).toContain("Agendamento marcado");
        expect(mail).toContain("agendamento.ics");
      } finally {
        await sql()`delete from appointments where id = ${a.id}`;
      }
    });
  });
}
