import { expect, test, type Page } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll, SHOTS_DIR } from "./shoot";

/** Neither screen may scroll sideways at 390 px (the bell's menu included). */
async function noSidewaysScroll(p: Page) {
  const { scroll, width } = await p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, "rolagem lateral").toBeLessThanOrEqual(width);
}

/**
 * The 'Lembretes' card (its form, with a problem shown) and the bell open with one line of each
 * kind, read and unread, at 1280 and 390 px, light and dark (npm run shots).
 */
test("notifications", async ({ page }) => {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const [owner] = await sql()<{ id: string }[]>`select id from users where email = ${OWNER}`;
  const [a] = await sql()<{ id: string }[]>`
    select id from appointments where business_id = ${b.id} and status_id = 1 and date > current_date + 2 order by date, time limit 1`;
  await sql()`insert into notification_reads (user_id, business_id, read_at) values (${owner.id}, ${b.id}, now() - interval '90 minutes')
              on conflict (user_id, business_id) do update set read_at = excluded.read_at`;
  await sql()`
    insert into business_notifications (business_id, appointment_id, kind, created_at) values
      (${b.id}, ${a.id}, 'online_booking', now() - interval '3 days'),
      (${b.id}, ${a.id}, 'client_cancelled', now() - interval '5 hours'),
      (${b.id}, ${a.id}, 'online_cancelled', now() - interval '40 minutes'),
      (${b.id}, ${a.id}, 'client_confirmed', now())`;
  // Messages held back today (issue 50): the daily cap and an unconfirmed owner, one line each.
  await sql()`
    insert into business_notifications (business_id, kind, reason, day, count, created_at) values
      (${b.id}, 'message_skipped', 'daily_cap', current_date, 33, now() - interval '10 minutes'),
      (${b.id}, 'message_skipped', 'owner_unconfirmed', current_date, 1, now() - interval '20 minutes')
    on conflict do nothing`;

  await login(page, OWNER);
  await shootAll(page, "notifications-bell", async (p) => {
    await p.goto("/appointments");
    await p.getByTestId("notification-bell").click();
    await expect(p.getByRole("menu")).toBeVisible();
    await noSidewaysScroll(p);
  }, { viewportOnly: true });

  // The card alone (it sits low on Meus Dados), with 'Escolha pelo menos um canal.' showing.
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/business-profile");
      const card = page.getByTestId("reminders-card");
      const edit = card.getByRole("button", { name: "Editar lembretes" });
      const form = (await edit.count()) ? (await edit.click(), page.getByRole("dialog", { name: "Lembretes" })) : card;
      await form.getByRole("checkbox", { name: "E-mail" }).uncheck();
      await expect(form.getByText("Escolha pelo menos um canal.")).toBeVisible();
      await noSidewaysScroll(page);
      await page.waitForTimeout(300);
      await form.screenshot({ path: `${SHOTS_DIR}/notifications-card-${width}-${scheme}.png` });
    }
  }
});
