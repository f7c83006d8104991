import { expect, test, type Page } from "@playwright/test";
import { login, OWNER } from "../e2e/support";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { addDays, dayOfWeek } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { shootAll } from "./shoot";

/** The next weekday (Monday to Friday, not a national holiday) after today: the demo salon is open and booked. */
function nextWorkday(): string {
  let d = addDays(todayInBusiness(), 1);
  while (dayOfWeek(d) === 0 || dayOfWeek(d) === 6 || nationalHolidayOn(d)) d = addDays(d, 1);
  return d;
}

function nextSunday(): string {
  let d = addDays(todayInBusiness(), 1);
  while (dayOfWeek(d) !== 0) d = addDays(d, 1);
  return d;
}

/** Visor de Alocação and Dashboard at 1280 and 390 px, light and dark. */
test("reports", async ({ page }) => {
  await login(page, OWNER);
  const day = nextWorkday();
  const viewer = async (p: Page, date: string) => {
    await p.goto(`/allocation-viewer?date=${date}`);
    await expect(p.getByRole("heading", { name: "Visor de Alocação", level: 1 })).toBeVisible();
  };

  await shootAll(page, "allocation", (p) => viewer(p, day));
  await shootAll(page, "allocation-all-statuses", async (p) => {
    await viewer(p, day);
    await p.getByLabel("Mostrar todos os status").click();
    await p.getByTestId("allocation-block").first().hover();
    await expect(p.getByRole("tooltip")).toBeVisible();
  });
  await shootAll(page, "allocation-closed", (p) => viewer(p, nextSunday()));
  await shootAll(page, "allocation-picker", async (p) => {
    await viewer(p, day);
    await p.getByRole("button", { name: /Escolher data/ }).click();
    await expect(p.getByRole("grid")).toBeVisible();
  });

  await shootAll(page, "dashboard", async (p) => {
    await p.goto("/reports/dashboard");
    await expect(p.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(p.getByTestId("chart-revenue").getByTestId("chart-plot")).toBeVisible();
  });
});
