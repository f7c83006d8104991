import { expect, test, type Page } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/**
 * 'Em seguida' (issue 52, item 12): Novo Agendamento with Escova (Juliana) and Barba (Rafael), the
 * second line 'Em seguida' at 10:45; the grid with each professional's block at its own time.
 * 1280 and 390 px, light and dark.
 */
const DAY = "2035-05-15";
const CLIENT = "Carla Em Seguida";

async function seed() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  await sql()`delete from appointments where business_id = ${b.id} and date = ${DAY}::date`;
  const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name) values (${b.id}, ${CLIENT}) returning id`;
  const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${b.id}, ${c.id}, ${DAY}, '10:00', 1) returning id`;
  const line = (service: string, pro: string, position: number, after: boolean) => sql()`
    insert into appointment_services (appointment_id, service_id, professional_id, business_id, position, after_previous)
    select ${a.id}, s.id, p.id, ${b.id}, ${position}, ${after} from services s, professionals p
     where s.business_id = ${b.id} and s.name = ${service} and p.business_id = ${b.id} and p.name = ${pro}`;
  await line("Escova", "Juliana Alves", 0, false);
  await line("Barba", "Rafael Souza", 1, true);
}

async function showColumn(p: Page, name: string) {
  await expect(async () => {
    await p.getByLabel("Profissional", { exact: true }).selectOption({ label: name });
    await expect(p.getByTestId("grid-column").filter({ visible: true })).toHaveAttribute("data-professional", name, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test.use({ reducedMotion: "reduce" });

test("em seguida", async ({ page }) => {
  await seed();
  await login(page, OWNER);
  await shootAll(page, "em-seguida-dialog", async (p) => {
    await p.goto(`/appointments/grade?dia=${DAY}`);
    const phone = (p.viewportSize()?.width ?? 1280) < 768;
    if (phone) await showColumn(p, "Juliana Alves");
    await p.getByRole("button", { name: "Novo agendamento com Juliana Alves" }).click();
    const dialog = p.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByLabel("Horário *").fill("14:00");
    const services = dialog.getByRole("group", { name: "Serviços *" });
    const line = (service: string) => services.locator("li").filter({ has: p.getByRole("checkbox", { name: new RegExp(`^${service}`) }) });
    await line("Escova").getByRole("checkbox").check();
    await line("Barba").getByRole("checkbox").check();
    await line("Barba").locator("select").selectOption({ label: "Rafael Souza — disponível" });
    await expect(line("Barba").getByTestId("line-timing")).toContainText("às 14:45");
    await line("Barba").scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
  await shootAll(page, "em-seguida-grid", async (p) => {
    await p.goto(`/appointments/grade?dia=${DAY}`);
    if ((p.viewportSize()?.width ?? 1280) < 768) await showColumn(p, "Rafael Souza");
    const block = p.getByTestId("grid-block").filter({ hasText: CLIENT }).filter({ visible: true }).first();
    await expect(block).toBeVisible();
    await block.scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
});
