/**
 * The waitlist end to end (issue 36, part 3): a client on a phone joins the list from a full day
 * on the public page; the owner, on a desktop, cancels the appointment that made it full; the job
 * e-mails the offer; 'Quero este horário' from it (a browser without scripts) books the time; the
 * link, opened again anywhere, shows the slot as hers ('Seu horário'); the owner sees the day's
 * waitlist and books an entry from it by hand; the panel fits a phone. Issue 52: no waitlist on a
 * day the professional doesn't work; a chosen day with free times suggests booking one.
 */
import { allowConsoleErrors, expect, NOT_FOUND, test, type Page } from "./fixtures";
import { openWeekday, openWeekdayBeforeOpenDay, ownerAppointmentsOn, PHONE, phonePage, randomPhone, studioId, tag } from "./booking-steps";
import { expectSpriteIconsDrawn, linkFromMail, login, mailContaining, OWNER, renderedText, sql } from "./support";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";

async function toast(page: Page, title: string | RegExp, description?: string) {
  const t = page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
  await expect(t).toBeVisible({ timeout: 10_000 });
  if (description) await expect(t).toContainText(description);
}

/** Rafael's day made full for a barba: time off all day but 10:00–10:30, and a client booked at 10:00. */
async function fullDay(date: string, clientName: string) {
  const businessId = await studioId();
  const [rafael] = await sql()<{ id: string }[]>`select id from professionals where business_id = ${businessId} and name = 'Rafael Souza'`;
  const [barba] = await sql()<{ id: string }[]>`select id from services where business_id = ${businessId} and name = 'Barba'`;
  await sql()`
    insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time, reason)
    values (${businessId}, ${rafael.id}, ${date}, ${date}, '00:00', '10:00', 'Teste da lista de espera'),
           (${businessId}, ${rafael.id}, ${date}, ${date}, '10:30', '23:59', 'Teste da lista de espera')`;
  const [client] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone) values (${businessId}, ${clientName}, ${randomPhone()}) returning id`;
  const [a] = await sql()<{ id: string }[]>`
    insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${client.id}, ${date}, '10:00', 2) returning id`;
  await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${a.id}, ${barba.id}, ${rafael.id}, ${businessId})`;
  return { businessId, rafaelId: rafael.id };
}

/** The public page: Barba with Rafael, then the day `date` (its times or why there are none). */
async function barbaWithRafaelOn(client: Page, date: string) {
  await client.goto("/agendar/studio-bela-vista");
  await client.locator("label").filter({ hasText: "Barba com toalha quente" }).click();
  await client.getByRole("button", { name: "Continuar" }).click();
  await client.locator("label").filter({ hasText: "Rafael Souza" }).click();
  await client.getByRole("button", { name: "Continuar" }).click();
  await expect(client.getByRole("heading", { name: "Escolha o dia e o horário" })).toBeVisible();
  while (!(await client.locator(`td[data-day="${date}"]`).isVisible())) await client.getByRole("button", { name: "Ir para o próximo mês" }).click();
  await client.locator(`td[data-day="${date}"] button`).click();
}

test.describe("Lista de espera", () => {
  test("a client joins from a full day; a cancel offers the time by e-mail; 'Quero este horário' books it once; the staff book from the list by hand", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const date = await openWeekday(23);
    const t = tag();
    const busyName = `Ocupado ${t}`;
    const name = `Cliente Espera ${t}`;
    const email = `espera-${t}@exemplo.com`;
    const phone = randomPhone();
    const { businessId, rafaelId } = await fullDay(date, busyName);
    try {
      // 1. The client, on a phone: Barba with Rafael on that day has no free time.
      const client = await phonePage(browser);
      await barbaWithRafaelOn(client, date);
      await expect(client.getByText("Nenhum horário livre neste dia. Escolha outro dia ou entre na lista de espera.")).toBeVisible();
      await client.getByRole("button", { name: "Entrar na lista de espera" }).click();

      // 2. The form: the services and professional carried over, the day chosen; the e-mail required.
      await expect(client.getByRole("heading", { name: "Entrar na lista de espera" })).toBeVisible();
      const wish = client.getByLabel("Seu pedido");
      await expect(wish).toContainText("Barba");
      await expect(wish).toContainText("Rafael Souza");
      await expect(client.getByRole("group", { name: "Dias" }).getByRole("button", { pressed: true })).toHaveCount(1);
      await client.getByLabel("Nome").fill(name);
      await client.getByLabel("Celular (com DDD)").fill(phone);
      await client.getByRole("button", { name: "Entrar na lista de espera" }).click();
      await expect(client.getByText("Informe seu e-mail: é por ele que avisamos quando um horário vagar.")).toBeVisible();
      await client.getByLabel("E-mail").fill(email);
      expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await client.getByRole("button", { name: "Entrar na lista de espera" }).click();
      await expect(client.getByText("Você está na lista de espera")).toBeVisible();
      expect(client.url()).not.toContain(encodeURIComponent(name));
      await client.context().close();

      // 3. The owner's agenda (desktop): the day's list counts one; the busy client cancels.
      const day = await ownerAppointmentsOn(page, date);
      await expect(day.getByTestId("day-waitlist")).toHaveText(/Lista de espera \(1\)/);
      const busy = day.getByTestId("appointment-card").filter({ hasText: busyName });
      await busy.getByRole("button", { name: /Status: Confirmado/ }).click();
      await page.getByRole("menuitem", { name: "Cancelado" }).click();
      await expect(busy.getByRole("button", { name: /Status: Cancelado/ })).toBeVisible();

      // 4. The offer reaches the client's e-mail (the job the cancel queued).
      const mail = await mailContaining(email, "Quero este hor");
      expect(mail).toContain("Vagou um horário em Studio Bela Vista");
      expect(mail).toContain("às 10:00");
      const link = await linkFromMail(email, "/agendar/lista-de-espera/");
      await expect(day.getByTestId("day-waitlist")).toHaveText(/Lista de espera \(1\)/);

      // 5. Two tabs of the link; the first claims it without scripts, the second after it.
      const second = await phonePage(browser);
      await second.goto(link);
      await expect(second.getByRole("button", { name: "Quero este horário" })).toBeVisible();
      const bare = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR", viewport: PHONE });
      const first = await bare.newPage();
      await first.goto(link);
      await expect(first.getByRole("heading", { level: 1, name: "Studio Bela Vista" })).toBeVisible();
      await first.getByRole("button", { name: "Quero este horário" }).click();
      await expect(first.getByText("Horário agendado!")).toBeVisible();
      expect(first.url()).toBe(link);
      await bare.close();
      // The second tab is the same link, hers: after its late click it shows the slot as hers.
      await second.getByRole("button", { name: "Quero este horário" }).click();
      await expect(second.getByText("Horário agendado!")).toBeVisible();
      await expect(second.getByText("Seu horário", { exact: true })).toBeVisible();
      await expect(second.getByText("Esse horário acabou de ser preenchido")).toHaveCount(0);
      await expect(second.getByRole("button", { name: "Quero este horário" })).toHaveCount(0);
      await second.context().close();
      // Opened again later on another device (a desktop, no cookie of the claim): still hers, with its time.
      const later = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 800 } });
      const again = await later.newPage();
      await again.goto(link);
      await expect(again.getByText("Horário agendado!")).toBeVisible();
      await expect(again.getByText("Seu horário", { exact: true })).toBeVisible();
      await expect(again.getByText("às 10:00")).toBeVisible();
      await expect(again.getByRole("button", { name: "Quero este horário" })).toHaveCount(0);
      // A stranger guessing a link sees nothing of it (the not-found page answers 404).
      allowConsoleErrors(NOT_FOUND);
      const token = link.split("/").at(-1)!;
      await again.goto(link.replace(token, `${token.slice(0, -3)}${token.endsWith("abc") ? "xyz" : "abc"}`));
      await expect(again.getByText("Link inválido. Confira o endereço recebido por e-mail.")).toBeVisible();
      await expect(again.getByText(name)).toHaveCount(0);
      await later.close();

      // 6. The agenda shows the booking live, marked Online; nobody waits any more.
      const booked = day.getByTestId("appointment-card").filter({ hasText: name });
      await expect(booked).toBeVisible({ timeout: 10_000 });
      await expect(booked.getByText("Online", { exact: true })).toBeVisible();
      await expect(day.getByTestId("day-waitlist")).toHaveText(/Lista de espera \(0\)/);
      const [row] = await sql()<{ pro: string; time: string }[]>`
        select s.professional_id as pro, a.time::text as time from appointments a join appointment_services s on s.appointment_id = a.id
          join clients c on c.id = a.client_id where c.name = ${name} and a.business_id = ${businessId}`;
      expect(row).toEqual({ pro: rafaelId, time: "10:00:00" });

      // 7. The staff add someone to the day's list and book them from it by hand.
      const other = `Espera Balcão ${t}`;
      await day.getByTestId("day-waitlist").click();
      const panel = page.getByRole("dialog", { name: "Lista de espera" });
      await expect(panel.getByTestId("waitlist-entry").filter({ hasText: name })).toContainText("Agendado");
      await panel.getByRole("button", { name: "Adicionar à lista de espera" }).click();
      await panel.getByLabel("Nome").fill(other);
      await panel.getByLabel("Telefone").fill("(65) 98877-6655");
      await panel.getByRole("button", { name: "Corte feminino" }).click();
      await panel.getByLabel("Das").fill("15:00");
      await panel.getByLabel("Até").fill("18:00");
      await panel.getByRole("button", { name: "Adicionar", exact: true }).click();
      await toast(page, "Adicionado à lista de espera");
      const entry = panel.getByTestId("waitlist-entry").filter({ hasText: other });
      await expect(entry).toContainText("Qualquer profissional");
      await expect(entry).toContainText("das 15:00 às 18:00");
      await expect(day.getByTestId("day-waitlist")).toHaveText(/Lista de espera \(1\)/);
      await entry.getByRole("button", { name: "Agendar" }).click();

      const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
      await expect(dialog.getByLabel("Nome *")).toHaveValue(other);
      await expect(dialog.getByLabel("Horário *")).toHaveValue("15:00");
      await expect(dialog.getByRole("checkbox", { name: /Corte feminino/ })).toBeChecked();
      const pro = dialog.getByLabel("Profissional");
      const free = pro.locator("option", { hasText: "— disponível" }).first();
      await expect(free).toBeAttached();
      await pro.selectOption({ label: (await free.textContent())!.trim() });
      await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
      await toast(page, "Agendamento criado");
      await expect(day.getByTestId("appointment-card").filter({ hasText: other })).toBeVisible();
      await expect(day.getByTestId("day-waitlist")).toHaveText(/Lista de espera \(0\)/);
      const [entryRow] = await sql()<{ status: string }[]>`select status from waitlist_entries where name = ${other}`;
      expect(entryRow.status).toBe("agendado");

      // 8. The panel on a phone: the owner's list fits.
      const owner = await phonePage(browser);
      await login(owner, OWNER);
      await owner.goto(`/appointments?dia=${date}`);
      const phoneDay = owner.locator(`section[data-date="${date}"]`);
      await phoneDay.getByTestId("day-waitlist").click();
      const phonePanel = owner.getByRole("dialog", { name: "Lista de espera" });
      await expect(phonePanel.getByTestId("waitlist-entry").filter({ hasText: other })).toContainText("Agendado");
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await owner.context().close();
    } finally {
      await sql()`delete from professional_time_off where business_id = ${businessId} and reason = 'Teste da lista de espera' and start_date = ${date}`;
      await sql()`delete from waitlist_entries where business_id = ${businessId} and name like ${`%${t}`}`;
      await sql()`delete from appointments where business_id = ${businessId} and client_id in (select id from clients where name like ${`%${t}`})`;
    }
  });

  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    test(`at ${viewport.width} px: no waitlist on a day Rafael doesn't work; a chosen day with free times suggests booking one`, async ({ browser }) => {
      test.setTimeout(90_000);
      const date = await openWeekdayBeforeOpenDay(21);
      const off = addDays(date, 1); // Wednesday to Saturday: the salon opens, Rafael away all day
      const t = tag();
      const { businessId, rafaelId } = await fullDay(date, `Ocupado ${t}`);
      await sql()`
        insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time, reason)
        values (${businessId}, ${rafaelId}, ${off}, ${off}, '00:00', '23:59', 'Teste da lista de espera')`;
      const ctx = await browser.newContext({ viewport, locale: "pt-BR", timezoneId: "America/Cuiaba", ...(viewport.width === PHONE.width && { isMobile: true, hasTouch: true }) });
      const client = await ctx.newPage();
      const chip = (d: string) => client.getByRole("group", { name: "Dias" }).getByRole("button").filter({ hasText: `${d.slice(8, 10)}/${d.slice(5, 7)}` });
      try {
        // Rafael's day off: said so, and no waitlist.
        await barbaWithRafaelOn(client, off);
        await expect(client.getByText("Rafael Souza não atende neste dia. Escolha outro dia.")).toBeVisible();
        await expect(client.getByRole("button", { name: "Entrar na lista de espera" })).toHaveCount(0);

        // His full day: the waitlist.
        while (!(await client.locator(`td[data-day="${date}"]`).isVisible())) await client.getByRole("button", { name: "Ir para o mês anterior" }).click();
        await client.locator(`td[data-day="${date}"] button`).click();
        await expect(client.getByText("Nenhum horário livre neste dia. Escolha outro dia ou entre na lista de espera.")).toBeVisible();
        await client.getByRole("button", { name: "Entrar na lista de espera" }).click();
        await expect(client.getByRole("heading", { name: "Entrar na lista de espera" })).toBeVisible();

        // The day he is away can't be chosen; the full day has no free time to suggest.
        await expect(chip(off)).toBeDisabled();
        await expect(chip(off)).toContainText("sem atendimento");
        await expect(chip(date)).toHaveAttribute("aria-pressed", "true");
        await expect(client.getByText("Ainda há horários livres")).toHaveCount(0);

        // A later day he works still has free times: the form offers them instead of waiting.
        const chips = client.getByRole("group", { name: "Dias" }).getByRole("button", { disabled: false });
        const later = chips.nth(1);
        const label = (await later.textContent())!.trim();
        await later.click();
        const free = client.getByTestId("waitlist-still-free");
        await expect(free.getByRole("heading", { name: "Ainda há horários livres" })).toBeVisible();
        await expect(free).toContainText("Não precisa esperar: escolha um horário para agendar agora.");
        const first = free.getByRole("button", { name: new RegExp(`^Agendar ${label} às \\d\\d:\\d\\d$`, "i") }).first();
        const time = (await first.textContent())!.trim();
        expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await first.click();
        await expect(client.getByRole("heading", { name: "Seus dados" })).toBeVisible();
        await expect(client.getByText(`às ${time}`)).toBeVisible();
      } finally {
        await ctx.close();
        await sql()`delete from professional_time_off where business_id = ${businessId} and reason = 'Teste da lista de espera' and start_date in (${date}, ${off})`;
        await sql()`delete from appointments where business_id = ${businessId} and client_id in (select id from clients where name like ${`%${t}`})`;
      }
    });
  }

  test("the agenda's first days come with their 'Lista de espera' counts in the page's HTML", async ({ page }) => {
    const businessId = await studioId();
    const date = addDays(todayInBusiness(), 1);
    const name = `Espera Amanhã ${tag()}`;
    const before = (await sql()<{ n: number }[]>`
      select count(*)::int as n from waitlist_entries where business_id = ${businessId} and status in ('aguardando', 'oferecido') and ${date}::date = any(dates)`)[0].n;
    await sql()`
      insert into waitlist_entries (business_id, name, phone, service_ids, dates, time_from, time_until, source)
      select ${businessId}, ${name}, '65 99333-4455', array[id], array[${date}::date], '09:00', '18:00', 'staff'
        from services where business_id = ${businessId} and name = 'Barba'`;
    try {
      await login(page, OWNER);
      // In the page's HTML, not from a read after it loads.
      // (The words and the count are apart in the HTML: a phone shows the count alone.)
      expect(await renderedText(page, "/appointments?vista=cartoes")).toMatch(new RegExp(`Lista de espera\\s+\\(${before + 1}\\)`));
      await page.goto("/appointments?vista=cartoes");
      await expect(page.locator(`section[data-date="${date}"]`).getByTestId("day-waitlist")).toHaveText(`Lista de espera (${before + 1})`);
      await expectSpriteIconsDrawn(page);
    } finally {
      await sql()`delete from waitlist_entries where business_id = ${businessId} and name = ${name}`;
    }
  });
});
