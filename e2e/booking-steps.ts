/** The public booking page's steps, shared by the specs that book as a client does. */
import { randomUUID } from "node:crypto";
import { expect, type Browser, type Page } from "./fixtures";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { addDays, dayOfWeek } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { login, OWNER, sql } from "./support";

export const PHONE = { width: 390, height: 844 };
export const tag = () => randomUUID().slice(0, 6);

export async function studioId(): Promise<string> {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}

/** A Tuesday to Friday inside the 30-day window, past the seed's recess, on which the studio opens. */
export async function openWeekday(fromDays = 12): Promise<string> {
  const closed = new Set((await sql()<{ d: string }[]>`select holiday_date::text as d from business_holidays where business_id = ${await studioId()}`).map((r) => r.d));
  for (let d = addDays(todayInBusiness(), fromDays); ; d = addDays(d, 1)) {
    if ([2, 3, 4, 5].includes(dayOfWeek(d)) && !nationalHolidayOn(d) && !closed.has(d)) return d;
  }
}

/** openWeekday's day whose next day the studio opens too (not a holiday): a day and the day after it. */
export async function openWeekdayBeforeOpenDay(fromDays = 12): Promise<string> {
  const closed = new Set((await sql()<{ d: string }[]>`select holiday_date::text as d from business_holidays where business_id = ${await studioId()}`).map((r) => r.d));
  for (let n = fromDays; ; n++) {
    const d = await openWeekday(n);
    const next = addDays(d, 1);
    if (!nationalHolidayOn(next) && !closed.has(next)) return d;
  }
}

export async function phonePage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: "pt-BR", timezoneId: "America/Cuiaba" });
  return ctx.newPage();
}

/** Services → professional → day; returns the free times listed for it. */
export async function chooseUpTo(page: Page, date: string) {
  await page.goto("/agendar/studio-bela-vista");
  await expect(page.getByRole("heading", { level: 1, name: "Studio Bela Vista" })).toBeVisible();
  await expect(page.getByText("(65) 3322-4455")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Escolha os serviços" })).toBeVisible();
  const barba = page.locator("label").filter({ hasText: "Barba com toalha quente" });
  await expect(barba).toContainText("30min");
  await expect(barba).toContainText("R$ 35,00");
  await expect(page.locator("label").filter({ hasText: "Corte feminino" })).toContainText("R$ 75,00 a R$ 90,00");
  await barba.click();
  await page.getByRole("button", { name: "Continuar" }).click();

  await expect(page.getByRole("heading", { name: "Escolha o profissional" })).toBeVisible();
  await expect(page.getByText("Qualquer profissional")).toBeVisible();
  // Only active professionals who offer Barba: Rafael (Bruno is inactive).
  await expect(page.locator("label").filter({ hasText: "Bruno" })).toHaveCount(0);
  await page.locator("label").filter({ hasText: "Rafael Souza" }).click();
  await page.getByRole("button", { name: "Continuar" }).click();

  await expect(page.getByRole("heading", { name: "Escolha o dia e o horário" })).toBeVisible();
  // Sundays (closed) are disabled; nothing before today.
  const sunday = page.locator("td[data-day][data-disabled]").first();
  await expect(sunday).toBeVisible();
  while (!(await page.locator(`td[data-day="${date}"]`).isVisible())) await page.getByRole("button", { name: "Ir para o próximo mês" }).click();
  await page.locator(`td[data-day="${date}"] button`).click();
  const times = page.locator("button[aria-pressed]");
  await expect(times.first()).toBeVisible();
  return times.allTextContents();
}

/** A Brazilian mobile number not used before (almost surely): (65) 9XXXX-XXXX. */
export function randomPhone(): string {
  return `(65) 9${String(Math.floor(1000 + Math.random() * 8999))}-${String(Math.floor(1000 + Math.random() * 8999))}`;
}

/** The owner's agenda, opened on `date` with 'Ir para o dia'; returns that day's section. */
export async function ownerAppointmentsOn(page: Page, date: string) {
  await login(page, OWNER);
  await page.goto("/appointments");
  await page.getByLabel("Ir para o dia").fill(date);
  await page.getByRole("button", { name: "Ir", exact: true }).click();
  const day = page.locator(`section[data-date="${date}"]`);
  await expect(day).toBeVisible();
  return day;
}

/** A professional's column of the 'Grade'. */
export const column = (page: Page, name: string) => page.getByTestId("grid-column").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** On a phone, the column shown (chosen again until it shows: a choice made before the page hydrates changes no state). */
export async function showColumn(page: Page, name: string) {
  await expect(async () => {
    await page.getByLabel("Profissional", { exact: true }).selectOption({ label: name });
    await expect(page.getByTestId("grid-column").filter({ visible: true })).toHaveAttribute("data-professional", name, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
