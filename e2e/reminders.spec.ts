import { expect, test } from "./fixtures";
import { chooseUpTo, openWeekday, phonePage, studioId, tag } from "./booking-steps";
import { linkFromMail, login, OWNER, outboxFor, sql } from "./support";

/** A message with quoted-printable undone (UTF-8). */
const decoded = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

/** The newest message to `to` whose decoded text contains `part`. */
async function mailContaining(to: string, part: string): Promise<string> {
  let found: string | undefined;
  await expect.poll(() => (found = outboxFor(to).map(decoded).findLast((m) => m.includes(part))), { timeout: 20_000 }).toBeTruthy();
  return found!;
}

test.describe("Lembretes", () => {
  test("a client books online: the owner hears by e-mail; the reminder reaches the outbox; 'Confirmar presença' from it, before any script loads; the agenda shows confirmado live", async ({ page, browser }) => {
    const businessId = await studioId();
    // Reminders on (the card is tested in notifications-ui.spec.ts); only new bookings get jobs.
    await sql()`insert into business_notification_settings (business_id, reminders_enabled) values (${businessId}, true)
                on conflict (business_id) do update set reminders_enabled = true`;
    try {
      const date = await openWeekday();
      const name = `Cliente Lembrete ${tag()}`;
      const email = `lembrete-${tag()}@exemplo.com`;
      const phone = `(65) 9${String(Math.floor(1000 + Math.random() * 8999))}-${String(Math.floor(1000 + Math.random() * 8999))}`;

      await login(page, OWNER);
      await page.goto("/appointments");
      await page.getByLabel("Ir para o dia").fill(date);
      await page.getByRole("button", { name: "Ir", exact: true }).click();
      const day = page.locator(`section[data-date="${date}"]`);
      await expect(day).toBeVisible();

      // 1. The client books on the public page.
      const client = await phonePage(browser);
      const [time] = await chooseUpTo(client, date);
      await client.getByRole("button", { name: time, exact: true }).click();
      await client.getByRole("button", { name: "Continuar" }).click();
      await client.getByLabel("Nome").fill(name);
      await client.getByLabel("Celular (com DDD)").fill(phone);
      await client.getByLabel("Email (opcional)").fill(email);
      await client.getByRole("button", { name: "Confirmar agendamento" }).click();
      await expect(client.getByText("Agendamento solicitado!")).toBeVisible();
      await client.context().close();

      // The owner's e-mail, sent by the job the booking added.
      const notice = await mailContaining(OWNER, `Novo agendamento online: ${name}`);
      expect(notice).toContain(`às ${time}`);
      const card = day.getByTestId("appointment-card").filter({ hasText: name });
      await expect(card.getByRole("button", { name: /Status: Pendente/ })).toBeVisible();

      // 2. The reminder: its job is due 24 h before; made due now, as when that time comes.
      const [appointment] = await sql()<{ id: string }[]>`
        select a.id from appointments a join clients c on c.id = a.client_id where c.name = ${name}`;
      const [job] = await sql()<{ id: string }[]>`select id::text from graphile_worker.jobs where key = ${`reminder:${appointment.id}:1`}`;
      expect(job).toBeTruthy();
      await sql()`select graphile_worker.reschedule_jobs(array[${job.id}::bigint], run_at := now())`;
      const reminder = await mailContaining(email, "Confirmar presença");
      expect(reminder).toContain("Lembrete: seu horário em Studio Bela Vista");
      expect(reminder).toContain(`às ${time}`);
      expect(reminder).toContain("Serviços: Barba (Rafael Souza)");
      expect(reminder).toContain("Preciso cancelar");
      const confirm = await linkFromMail(email, "/agendar/lembrete/");

      // 3. 'Confirmar presença', in a browser with no JavaScript: a plain form post.
      const bare = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR" });
      const link = await bare.newPage();
      await link.goto(confirm);
      await expect(link.getByRole("heading", { level: 1, name: "Studio Bela Vista" })).toBeVisible();
      await expect(link.getByTestId("reminder-status")).toHaveText("Aguardando confirmação");
      await link.getByRole("button", { name: "Confirmar presença" }).click();
      await expect(link.getByText("Presença confirmada")).toBeVisible();
      await expect(link.getByTestId("reminder-status")).toHaveText("Confirmado");
      await expect(link.getByRole("button", { name: "Confirmar presença" })).toHaveCount(0);
      expect(link.url()).toBe(confirm);
      // The link is spent: opened again, it says so and offers nothing.
      await link.reload();
      await expect(link.getByRole("button", { name: "Confirmar presença" })).toHaveCount(0);
      await bare.close();

      // 4. The staff's agenda shows it confirmed, live; the owner hears of it.
      await expect(card.getByRole("button", { name: /Status: Confirmado/ })).toBeVisible({ timeout: 10_000 });
      await mailContaining(OWNER, `Cliente confirmou presença: ${name}`);
    } finally {
      await sql()`update business_notification_settings set reminders_enabled = false where business_id = ${businessId}`;
      await sql()`select agenda_reschedule_business_reminders(${businessId})`;
    }
  });
});
