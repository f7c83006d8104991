import { expect, test, type Page } from "@playwright/test";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { login, OWNER, sql } from "../e2e/support";
import { openWeekday } from "../e2e/booking-steps";
import { shootAll } from "./shoot";

async function noSidewaysScroll(p: Page) {
  const { scroll, width } = await p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, "rolagem lateral").toBeLessThanOrEqual(width);
}

/**
 * Issue 35's screens (npm run shots): 'Pendentes antigos' and a no-show's mark on the agenda, the
 * status menu of a visit not started yet, the client's page, the dashboard's new cards; at 1280 and
 * 390 px, light and dark.
 */
test("outcomes and the client's page", async ({ page }) => {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const today = todayInBusiness();
  // Two pendentes from last week, still to review.
  const old = await sql()<{ id: string }[]>`
    select id from appointments where business_id = ${b.id} and date between ${addDays(today, -9)} and ${addDays(today, -3)} and status_id in (2, 4) order by date, time limit 2`;
  for (const a of old) await sql()`update appointments set status_id = 1 where id = ${a.id}`;
  const [busiest] = await sql()<{ id: string }[]>`
    select c.id from clients c join client_appointment_stats s on s.client_id = c.id where c.business_id = ${b.id} order by s.appointments desc, c.id limit 1`;
  await sql()`update clients set notes = 'Prefere a cadeira perto da janela.
Alérgica a amônia: usar a linha sem amônia.' where id = ${busiest.id}`;

  await login(page, OWNER);
  await shootAll(page, "outcomes-agenda", async (p) => {
    await p.goto("/appointments");
    await expect(p.getByTestId("stale-pending")).toBeVisible();
    await noSidewaysScroll(p);
  }, { viewportOnly: true });
  await shootAll(page, "outcomes-status-menu", async (p) => {
    await p.goto("/appointments");
    // The second day with bookings (the first may be today, begun): a visit not started yet.
    const card = p.getByTestId("day-section").filter({ has: p.getByTestId("appointment-card") }).nth(1).getByTestId("appointment-card").first();
    // A click before the page hydrates opens nothing: again until the menu shows.
    await expect(async () => {
      await card.getByRole("button", { name: /^Status: / }).click();
      await expect(p.getByRole("menu")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }, { viewportOnly: true });
  await shootAll(page, "client-page", async (p) => {
    await p.goto(`/clients/${busiest.id}`);
    await expect(p.getByTestId("client-totals")).toBeVisible();
    await noSidewaysScroll(p);
  });
  await shootAll(page, "outcomes-dashboard", async (p) => {
    await p.goto("/reports/dashboard");
    await expect(p.getByRole("heading", { name: "Taxa de faltas" })).toBeVisible();
    await noSidewaysScroll(p);
  }, { viewportOnly: true });
});

/** 'Folgas e férias' with one entry and the confirmation over a booked appointment. */
test("time off dialog", async ({ page }) => {
  const [rafael] = await sql()<{ id: string; business_id: string }[]>`select id, business_id from professionals where name = 'Rafael Souza'`;
  const [booked] = await sql()<{ date: string }[]>`
    select a.date::text as date from appointments a join appointment_services s on s.appointment_id = a.id
     where s.professional_id = ${rafael.id} and a.status_id <> 3 and a.date > current_date + 1 order by a.date limit 1`;
  await sql()`insert into professional_time_off (business_id, professional_id, start_date, end_date, reason)
              values (${rafael.business_id}, ${rafael.id}, current_date + 40, current_date + 44, 'Férias')`;
  await login(page, OWNER);
  await shootAll(page, "time-off-dialog", async (p) => {
    await p.goto("/professionals");
    await p.getByRole("button", { name: "Folgas e férias de Rafael Souza" }).click();
    const dialog = p.getByRole("dialog");
    await expect(dialog.getByTestId("time-off").first()).toBeVisible();
  }, { viewportOnly: true });
  await shootAll(page, "time-off-affected", async (p) => {
    await p.goto("/professionals");
    await p.getByRole("button", { name: "Folgas e férias de Rafael Souza" }).click();
    const dialog = p.getByRole("dialog");
    await dialog.getByLabel("Início *").fill(booked.date);
    await dialog.getByLabel("Fim *").fill(booked.date);
    await dialog.getByRole("button", { name: "Adicionar folga" }).click();
    await expect(dialog.getByTestId("affected-appointments")).toBeVisible();
  }, { viewportOnly: true });
});

/** The 'Grade': the next open weekday by professional (blocks, breaks, hours), and today's with its now-line. */
test("agenda grid", async ({ page }) => {
  // Not simply tomorrow: on a Saturday that is a closed Sunday.
  const weekday = await openWeekday(1);
  await login(page, OWNER);
  await shootAll(page, "agenda-grid", async (p) => {
    await p.goto(`/appointments/grade?dia=${weekday}`);
    await expect(p.getByTestId("appointments-grid")).toBeVisible();
    await noSidewaysScroll(p);
  }, { viewportOnly: true });
  // Issue 52: a block opened, in a side panel (a bottom sheet on the phone), on that day with Juliana's blocks.
  await shootAll(page, "agenda-grid-panel", async (p) => {
    await p.goto(`/appointments/grade?dia=${weekday}`);
    const juliana = p.getByTestId("grid-column").filter({ has: p.getByRole("heading", { name: "Juliana Alves", exact: true }) });
    await expect(p.getByTestId("grid-column").first()).toBeVisible();
    // A phone draws one professional at a time.
    if ((p.viewportSize()?.width ?? 0) < 768) {
      await expect(async () => {
        await p.getByLabel("Profissional", { exact: true }).selectOption({ label: "Juliana Alves" });
        await expect(juliana).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
    }
    await juliana.getByTestId("grid-block").first().click();
    await expect(p.getByTestId("appointment-panel").getByRole("button", { name: /^Status:/ })).toBeVisible();
  }, { viewportOnly: true });
  await shootAll(page, "agenda-grid-today", async (p) => {
    await p.goto("/appointments/grade");
    await expect(p.getByTestId("appointments-grid").or(p.getByText("Dia fechado ou sem horário configurado."))).toBeVisible();
    await noSidewaysScroll(p);
  });
});

/** Issue 52, item 9: a booking a time off was saved over, 'Em folga' on its card and its grid block. */
test("time off marks", async ({ page }) => {
  const date = await openWeekday(43);
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  await sql()`delete from appointments where business_id = ${b.id} and date = ${date} and client_id in (select id from clients where name = 'Marina Folgada')`;
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${b.id}, 'Marina Folgada') returning id`;
  const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${b.id}, ${c.id}, ${date}, '10:00', 2) returning id`;
  await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
    select ${a.id}, s.id, p.id, ${b.id} from services s, professionals p
     where s.business_id = ${b.id} and s.name = 'Escova' and p.business_id = ${b.id} and p.name = 'Juliana Alves'`;
  await sql()`insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time)
    select ${b.id}, id, ${date}, ${date}, '09:30', '12:30' from professionals where business_id = ${b.id} and name = 'Juliana Alves'`;
  await login(page, OWNER);
  await shootAll(page, "time-off-card", async (p) => {
    await p.goto(`/appointments?dia=${date}`);
    await expect(p.getByTestId("appointment-card").filter({ hasText: "Marina Folgada" }).getByTestId("time-off-mark")).toBeVisible();
  }, { viewportOnly: true });
  await shootAll(page, "time-off-grid", async (p) => {
    await p.goto(`/appointments/grade?dia=${date}`);
    const block = p.getByTestId("grid-block").filter({ hasText: "Marina Folgada" });
    // A phone shows one professional; a choice made before the page hydrates changes nothing.
    await expect(async () => {
      if ((p.viewportSize()?.width ?? 0) < 768) await p.getByLabel("Profissional", { exact: true }).selectOption({ label: "Juliana Alves" });
      await expect(block.getByTestId("time-off-mark")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await block.scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
});
