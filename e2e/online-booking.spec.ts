import { NOT_FOUND, allowConsoleErrors, expect, test, type Page } from "./fixtures";
import { chooseUpTo, openWeekday, ownerAppointmentsOn, PHONE, phonePage, randomPhone, studioId, tag } from "./booking-steps";
import { linkFromMail, login, mailContaining, OWNER, outboxFor, sql } from "./support";

async function toast(page: Page, title: string | RegExp, description?: string) {
  const t = page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
  await expect(t).toBeVisible({ timeout: 10_000 });
  if (description) await expect(t).toContainText(description);
}

test.describe("Agendamento online", () => {
  test("a client books on a phone, gets the e-mail with the .ics, the agenda shows it live, the slot is gone, and the cancel through the link shows live", async ({ page, browser }) => {
    const date = await openWeekday();
    const name = `Cliente Online ${tag()}`;
    const email = `online-${tag()}@exemplo.com`;
    const phone = randomPhone();

    // The owner's agenda is open on that day, in another browser.
    const day = await ownerAppointmentsOn(page, date);

    const client = await phonePage(browser);
    const times = await chooseUpTo(client, date);
    const time = times[0];
    await client.getByRole("button", { name: time, exact: true }).click();
    await client.getByRole("button", { name: "Continuar" }).click();
    await expect(client.getByRole("heading", { name: "Seus dados" })).toBeVisible();
    const summary = client.getByLabel("Resumo do agendamento");
    await expect(summary).toContainText("Barba");
    await expect(summary).toContainText("Rafael Souza");
    await expect(summary).toContainText(`às ${time}`);
    await expect(summary).toContainText("R$ 35,00");
    // Required fields and the Brazilian phone are checked before anything is sent.
    await client.getByRole("button", { name: "Confirmar agendamento" }).click();
    await expect(client.getByText("Informe seu nome.")).toBeVisible();
    await client.getByLabel("Nome").fill(name);
    await client.getByLabel("Celular (com DDD)").fill("12345");
    await client.getByLabel("E-mail (opcional)").fill(email);
    await client.getByRole("button", { name: "Confirmar agendamento" }).click();
    await expect(client.getByText("Informe um celular ou telefone com DDD, ex.: (65) 99999-1234.")).toBeVisible();
    await client.getByLabel("Celular (com DDD)").fill(phone.replace(/\D/g, ""));
    await client.getByLabel("E-mail (opcional)").click();
    await expect(client.getByLabel("Celular (com DDD)")).toHaveValue(phone);
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await client.getByRole("button", { name: "Confirmar agendamento" }).click();

    // The confirmation page: the private link, nothing in the URL but its token.
    await expect(client).toHaveURL(/\/agendar\/reserva\/[A-Za-z0-9_-]{43}\?novo=1$/);
    await expect(client.getByText("Agendamento solicitado!")).toBeVisible();
    await expect(client.getByTestId("booking-status")).toHaveText("Aguardando confirmação");
    await expect(client.getByText(`às ${time}`)).toBeVisible();
    await expect(client.getByText(`em nome de ${name}`)).toBeVisible();
    expect(client.url()).not.toContain(encodeURIComponent(name));

    // Live on the owner's agenda, marked Online, with a toast for the staff.
    await toast(page, `Novo agendamento online: ${name} às ${time}`);
    const card = day.getByTestId("appointment-card").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText("Online", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: /Status: Pendente/ })).toBeVisible();

    // The e-mail: the summary, the link and the booking as an .ics (in UTC from Cuiabá's time).
    const link = await linkFromMail(email, "/agendar/reserva/");
    const mail = outboxFor(email).at(-1)!;
    expect(mail).toContain("Subject: Agendamento solicitado: Studio Bela Vista");
    expect(mail).toMatch(/Content-Type: text\/calendar/);
    expect(mail).toContain('filename=agendamento.ics');
    const ics = icsOf(mail).replace(/\r?\n[ \t]/g, "");
    const utcHour = String((Number(time.slice(0, 2)) + 4) % 24).padStart(2, "0");
    expect(ics).toContain(`DTSTART:${date.replace(/-/g, "")}T${utcHour}${time.slice(3, 5)}00Z`);
    expect(ics).toContain("SUMMARY:Barba — Studio Bela Vista");

    // The next client no longer sees that time for Rafael.
    const next = await phonePage(browser);
    const nextTimes = await chooseUpTo(next, date);
    expect(nextTimes).not.toContain(time);
    await next.context().close();

    // The client cancels through the e-mailed link; the agenda shows it cancelled, live.
    await client.goto(link);
    await client.getByRole("button", { name: "Cancelar agendamento" }).click();
    await client.getByRole("alertdialog").getByRole("button", { name: "Cancelar agendamento" }).click();
    await toast(client, "Agendamento cancelado");
    await expect(client.getByTestId("booking-status")).toHaveText("Cancelado");
    await expect(client.getByRole("button", { name: "Cancelar agendamento" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /Status: Cancelado/ })).toBeVisible({ timeout: 10_000 });
    await client.context().close();
  });

  test("the owner edits the address and switches the page off (404)", async ({ page }) => {
    allowConsoleErrors(NOT_FOUND);
    const slug = `salao-teste-${tag()}`;
    try {
      await login(page, OWNER);
      await page.goto("/business-profile");
      const card = page.getByTestId("online-booking");
      await expect(card.getByRole("heading", { name: "Agendamento online" })).toBeVisible();
      await expect(card.getByTestId("online-booking-address")).toHaveText(/\/agendar\/studio-bela-vista$/);
      await expect(card.getByRole("img", { name: /QR code de .*\/agendar\/studio-bela-vista/ })).toBeVisible();

      // Typed as a name, folded into an address (once the form runs: react-hook-form puts the saved
      // address back into the field as it hydrates, and a fill across that moment kept both).
      await expect(card.getByRole("button", { name: "Salvar" })).toBeEnabled();
      await card.getByLabel("Endereço da página").fill(`Salão Teste ${slug.slice(-6)}`);
      await card.getByLabel("Endereço da página").blur();
      await expect(card.getByLabel("Endereço da página")).toHaveValue(slug);
      await card.getByRole("button", { name: "Salvar" }).click();
      await toast(page, "Agendamento online salvo", "A página de agendamento está no ar.");
      await expect(card.getByTestId("online-booking-address")).toHaveText(new RegExp(`/agendar/${slug}$`));
      expect((await page.request.get(`/agendar/${slug}`)).status()).toBe(200);
      expect((await page.request.get("/agendar/studio-bela-vista")).status()).toBe(404);

      // A reserved word is refused on the field.
      await card.getByLabel("Endereço da página").fill("reserva");
      await card.getByRole("button", { name: "Salvar" }).click();
      await expect(card.getByText("Este endereço é reservado. Escolha outro.")).toBeVisible();
      await card.getByLabel("Endereço da página").fill(slug);

      // Off: the address answers the friendly 404.
      await card.getByRole("switch", { name: "Agendamento online" }).click();
      await card.getByRole("button", { name: "Salvar" }).click();
      await toast(page, "Agendamento online salvo", "A página de agendamento está desligada.");
      await expect(card.getByText("A página está desligada.")).toBeVisible();
      const res = await page.goto(`/agendar/${slug}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Página de agendamento não encontrada" })).toBeVisible();
      await expect(page.getByText("não está recebendo agendamentos online")).toBeVisible();
    } finally {
      await sql()`update business_online_booking set slug = 'studio-bela-vista', enabled = true where business_id = ${await studioId()}`;
    }
  });
});

/** The .ics part of a raw message, decoded (nodemailer writes it as base64 or quoted-printable). */
function icsOf(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: text\/calendar/i.test(p));
  if (!part) return "";
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

// In this file, not its own: its booking's toast on the owner's agenda would replace the one the
// test above waits for (one toast at a time), and a file's tests never run at once.
test.describe("Lembretes", () => {
  test("a client books online: the owner hears by e-mail; the reminder reaches the outbox; 'Confirmar presença' from it, before any script loads; the agenda shows confirmado live", async ({ page, browser }) => {
    const businessId = await studioId();
    // Reminders on (the card is tested in notifications-ui.spec.ts); only new bookings get jobs.
    await sql()`insert into business_notification_settings (business_id, reminders_enabled) values (${businessId}, true)
                on conflict (business_id) do update set reminders_enabled = true`;
    try {
      // Another day and time than the online booking spec's, which books in parallel.
      const date = await openWeekday(19);
      const name = `Cliente Lembrete ${tag()}`;
      const email = `lembrete-${tag()}@exemplo.com`;
      const phone = randomPhone();
      const day = await ownerAppointmentsOn(page, date);

      // 1. The client books on the public page.
      const client = await phonePage(browser);
      const time = (await chooseUpTo(client, date)).at(-1)!;
      await client.getByRole("button", { name: time, exact: true }).click();
      await client.getByRole("button", { name: "Continuar" }).click();
      await client.getByLabel("Nome").fill(name);
      await client.getByLabel("Celular (com DDD)").fill(phone);
      await client.getByLabel("E-mail (opcional)").fill(email);
      await client.getByRole("button", { name: "Confirmar agendamento" }).click();
      await expect(client.getByText("Agendamento solicitado!")).toBeVisible();
      await client.context().close();

      // The owner's e-mail, sent by the job the booking added.
      const notice = await mailContaining(OWNER, `Novo agendamento online: ${name}`);
      expect(notice).toContain(`às ${time}`);
      const card = day.getByTestId("appointment-card").filter({ hasText: name });
      await expect(card.getByRole("button", { name: /Status: Pendente/ })).toBeVisible();
      // And on the bell, live.
      await expect(page.getByTestId("notification-bell")).toHaveAccessibleName(/Notificações, \d+ não lidas?/);
      await page.getByTestId("notification-bell").click();
      await expect(page.getByRole("menuitem", { name: new RegExp(`Novo agendamento online: ${name}`) })).toBeVisible();
      await page.keyboard.press("Escape");

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
