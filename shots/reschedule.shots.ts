import { expect, test, type Page } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/**
 * 'Reagendar' (issue 52, item 3): the dialog with the day's free times for Rafael, the same after a
 * typed busy time was refused, and the grid's panel with its button; at 1280 and 390 px, light and dark.
 */
const DAY = "2035-05-08";
const NEXT = "2035-05-09";
const CLIENT = "Mariana Reagendada";

async function seed() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  await sql()`delete from appointments where business_id = ${b.id} and date between ${DAY}::date and ${NEXT}::date`;
  const book = async (date: string, time: string, pro: string, client: string) => {
    const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${b.id}, ${client}) returning id`;
    const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${b.id}, ${c.id}, ${date}, ${time}, 1) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
      select ${a.id}, s.id, p.id, ${b.id} from services s, professionals p
       where s.business_id = ${b.id} and s.name = 'Corte feminino' and p.business_id = ${b.id} and p.name = ${pro}`;
  };
  await book(DAY, "09:00", "Juliana Alves", CLIENT);
  await book(NEXT, "14:00", "Rafael Souza", "Cliente das 14h");
  await book(NEXT, "10:00", "Rafael Souza", "Cliente das 10h");
}

async function openDialog(p: Page) {
  await p.goto(`/appointments?vista=cartoes&dia=${DAY}`);
  const card = p.locator(`section[data-date="${DAY}"]`).getByTestId("appointment-card").filter({ hasText: CLIENT });
  await card.getByRole("button", { name: CLIENT }).click();
  await card.getByRole("button", { name: "Reagendar", exact: true }).click();
  const dialog = p.getByRole("dialog", { name: "Reagendar" });
  await dialog.getByLabel("Data").fill(NEXT);
  await dialog.getByRole("combobox", { name: "Profissional" }).click();
  await p.getByRole("option", { name: "Rafael Souza", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "15:00", exact: true })).toBeVisible();
  return dialog;
}

test.use({ reducedMotion: "reduce" });

test("reschedule dialog", async ({ page }) => {
  await seed();
  await login(page, OWNER);
  await shootAll(page, "reschedule-dialog", async (p) => {
    const dialog = await openDialog(p);
    await dialog.getByRole("button", { name: "15:00", exact: true }).click();
  }, { viewportOnly: true });
  await shootAll(page, "reschedule-refused", async (p) => {
    const dialog = await openDialog(p);
    await dialog.getByLabel("Horário", { exact: true }).fill("14:30");
    await dialog.getByRole("button", { name: "Reagendar", exact: true }).click();
    await expect(dialog.locator("#reschedule-failure")).toBeVisible();
    await dialog.locator("#reschedule-failure").scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
  await shootAll(page, "reschedule-panel", async (p) => {
    await p.goto(`/appointments/grade?dia=${DAY}`);
    if ((p.viewportSize()?.width ?? 1280) < 768) {
      // Chosen again until it shows: a choice made before the page hydrates changes nothing.
      await expect(async () => {
        await p.getByLabel("Profissional", { exact: true }).selectOption({ label: "Juliana Alves" });
        await expect(p.getByTestId("grid-column").filter({ visible: true })).toHaveAttribute("data-professional", "Juliana Alves", { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
    }
    await p.getByTestId("grid-block").filter({ hasText: CLIENT }).click();
    await expect(p.getByRole("dialog", { name: CLIENT }).getByRole("button", { name: "Reagendar", exact: true })).toBeVisible();
  }, { viewportOnly: true });
});
