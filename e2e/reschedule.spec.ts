import { openWeekday, studioId, tag } from "./booking-steps";
import { expect, test, type Page } from "./fixtures";
import { addDays, dayOfWeek } from "../lib/core/time/business-date";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { login, OWNER, sql } from "./support";

/**
 * 'Reagendar' (issue 52, item 3): date, time and professional in one dialog, from the card's details
 * and from the grid's panel, with the day's free times as buttons (the public page's, by its rule);
 * a typed time outside them is refused by the server in Portuguese, and what was chosen stays. At
 * 1280 and 390 px.
 */

/** An appointment of Corte feminino (60 min) with `professional` at `time` on `date`, for a new client. */
async function book(date: string, time: string, professional: string, client = `Remarcada ${tag()}`) {
  const businessId = await studioId();
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${businessId}, ${client}) returning id`;
  const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${date}, ${time}, 1) returning id`;
  await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
    select ${a.id}, s.id, p.id, ${businessId} from services s, professionals p
     where s.business_id = ${businessId} and s.name = 'Corte feminino' and p.business_id = ${businessId} and p.name = ${professional}`;
  return { id: a.id, client };
}

const stored = async (id: string) => {
  const [row] = await sql()<{ date: string; time: string; pro: string }[]>`
    select a.date::text as date, to_char(a.time, 'HH24:MI') as time, p.name as pro
      from appointments a join appointment_services s on s.appointment_id = a.id join professionals p on p.id = s.professional_id
     where a.id = ${id}`;
  return row;
};

/** The next day after `date` the studio opens on a weekday (Tuesday to Friday). */
async function nextOpenWeekday(date: string) {
  const closed = new Set((await sql()<{ d: string }[]>`select holiday_date::text as d from business_holidays where business_id = ${await studioId()}`).map((r) => r.d));
  for (let d = addDays(date, 1); ; d = addDays(d, 1)) if ([2, 3, 4, 5].includes(dayOfWeek(d)) && !nationalHolidayOn(d) && !closed.has(d)) return d;
}

async function chooseProfessional(page: Page, dialog: ReturnType<Page["getByRole"]>, name: string) {
  await dialog.getByRole("combobox", { name: "Profissional" }).click();
  await page.getByRole("option", { name, exact: true }).click();
  await expect(dialog.getByRole("combobox", { name: "Profissional" })).toHaveText(name);
}

for (const size of [{ name: "1280", width: 1280, height: 800, touch: false }, { name: "390", width: 390, height: 844, touch: true }]) {
  test.describe(`Reagendar, ${size.name} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, reducedMotion: "reduce" });

    test("from the card: another day and professional; the free times are Rafael's; a busy time typed is refused and everything chosen stays; a free time saves", async ({ page }) => {
      const date = await openWeekday(size.touch ? 41 : 40);
      const next = await nextOpenWeekday(date);
      const moved = await book(date, "09:00", "Juliana Alves");
      const busy = await book(next, "14:00", "Rafael Souza");
      try {
        await login(page, OWNER);
        await page.goto(`/appointments?vista=cartoes&dia=${date}`);
        const card = page.locator(`section[data-date="${date}"]`).getByTestId("appointment-card").filter({ hasText: moved.client });
        await card.getByRole("button", { name: moved.client }).click();
        await card.getByRole("button", { name: "Reagendar", exact: true }).click();

        const dialog = page.getByRole("dialog", { name: "Reagendar" });
        await expect(dialog).toContainText(`${moved.client} · agendado para`);
        // As it is: its day, its time, Juliana; its own 09:00 is free (it doesn't block itself).
        await expect(dialog.getByLabel("Data")).toHaveValue(date);
        await expect(dialog.getByLabel("Horário", { exact: true })).toHaveValue("09:00");
        await expect(dialog.getByRole("combobox", { name: "Profissional" })).toHaveText("Juliana Alves");
        await expect(dialog.getByRole("button", { name: "09:00", exact: true })).toHaveAttribute("aria-pressed", "true");

        // The next day with Rafael: booked 14:00–15:00, so a cut of his may start by 13:00 and again at 15:00.
        await dialog.getByLabel("Data").fill(next);
        await chooseProfessional(page, dialog, "Rafael Souza");
        await expect(dialog.getByRole("group", { name: "Tarde" }).getByRole("button", { name: "15:00", exact: true })).toBeVisible();
        await expect(dialog.getByRole("button", { name: "13:00", exact: true })).toBeVisible();
        await expect(dialog.getByRole("button", { name: "14:00", exact: true })).toHaveCount(0);
        await expect(dialog.getByRole("button", { name: "14:30", exact: true })).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

        // 14:30 typed: the server refuses it with the spec's 'Conflito de agenda', naming Rafael; nothing chosen is lost.
        await dialog.getByLabel("Horário", { exact: true }).fill("14:30");
        await dialog.getByRole("button", { name: "Reagendar", exact: true }).click();
        await expect(dialog.locator("#reschedule-failure")).toHaveText(/^Conflito de agenda: .*Rafael Souza/);
        await expect(dialog.getByLabel("Data")).toHaveValue(next);
        await expect(dialog.getByRole("combobox", { name: "Profissional" })).toHaveText("Rafael Souza");
        await expect(dialog.getByLabel("Horário", { exact: true })).toHaveValue("14:30");
        expect(await stored(moved.id)).toEqual({ date, time: "09:00", pro: "Juliana Alves" });

        // A free time, picked: saved, the card leaves its day.
        await dialog.getByRole("button", { name: "15:00", exact: true }).click();
        await expect(dialog.getByLabel("Horário", { exact: true })).toHaveValue("15:00");
        await expect(dialog.locator("#reschedule-failure")).toHaveCount(0);
        await dialog.getByRole("button", { name: "Reagendar", exact: true }).click();
        await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Agendamento reagendado" })).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(card).toHaveCount(0);
        expect(await stored(moved.id)).toEqual({ date: next, time: "15:00", pro: "Rafael Souza" });
        await page.goto(`/appointments?vista=cartoes&dia=${next}`);
        const there = page.locator(`section[data-date="${next}"]`).getByTestId("appointment-card").filter({ hasText: moved.client });
        await expect(there.getByRole("button", { name: "Horário 15:00. Alterar horário" })).toBeVisible();
        await expect(there.getByTestId("card-summary")).toHaveText("Corte feminino · Rafael Souza");
      } finally {
        await sql()`delete from appointments where id in ${sql()([moved.id, busy.id])}`;
      }
    });

    test("from the grid's panel: a free time of the day moves the block", async ({ page }) => {
      const date = await openWeekday(size.touch ? 43 : 42);
      const moved = await book(date, "09:00", "Juliana Alves");
      try {
        await login(page, OWNER);
        await page.goto(`/appointments/grade?dia=${date}`);
        if (size.touch) {
          await expect(async () => {
            await page.getByLabel("Profissional", { exact: true }).selectOption({ label: "Juliana Alves" });
            await expect(page.getByTestId("grid-column").filter({ visible: true })).toHaveAttribute("data-professional", "Juliana Alves", { timeout: 1_000 });
          }).toPass({ timeout: 15_000 });
        }
        const block = page.getByTestId("grid-block").filter({ hasText: moved.client });
        if (size.touch) await block.tap();
        else await block.click();
        const panel = page.getByRole("dialog", { name: moved.client });
        await panel.getByRole("button", { name: "Reagendar", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Reagendar" });
        await dialog.getByRole("group", { name: "Manhã" }).getByRole("button", { name: "11:00", exact: true }).click();
        await dialog.getByRole("button", { name: "Reagendar", exact: true }).click();
        await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Agendamento reagendado" })).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(panel.getByRole("button", { name: "Reagendar", exact: true })).toBeVisible();
        await expect(panel).toContainText("às 11:00");
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
        await expect(block).toHaveAttribute("aria-label", /^11:00–/);
        expect(await stored(moved.id)).toEqual({ date, time: "11:00", pro: "Juliana Alves" });
      } finally {
        await sql()`delete from appointments where id = ${moved.id}`;
      }
    });
  });
}
