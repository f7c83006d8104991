import { randomUUID } from "node:crypto";
import { column, openWeekday, showColumn } from "./booking-steps";
import { expect, test } from "./fixtures";
import { login, OWNER, sql } from "./support";

/**
 * Issue 52, item 12: Novo Agendamento with Escova (Juliana, 45 min) and Barba (Rafael, 30 min): the
 * second line defaults to 'Em seguida' and starts 'às 10:45'; 'Ao mesmo tempo' puts it back at
 * 10:00; booked 'Em seguida', the grid draws Juliana 10:00–10:45 and Rafael 10:45–11:15. 1280 and 390 px.
 */
async function studio() {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  return b.id;
}


test.use({ reducedMotion: "reduce" });

for (const size of [{ name: "1280", width: 1280, height: 900, phone: false }, { name: "390", width: 390, height: 844, phone: true }]) {
  test(`${size.name} px: two professionals, the second 'Em seguida' at 10:45; the grid blocks each at their own time`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const date = await openWeekday(size.phone ? 44 : 43);
    const businessId = await studio();
    const name = `Seguida ${randomUUID().slice(0, 6)}`;
    await sql()`insert into clients (business_id, name) values (${businessId}, ${name})`;
    try {
      await login(page, OWNER);
      await page.goto(`/appointments/grade?dia=${date}`);
      await expect(page.getByTestId("appointments-grid")).toBeVisible();
      if (size.phone) await showColumn(page, "Juliana Alves");
      await page.getByRole("button", { name: "Novo agendamento com Juliana Alves" }).click();
      const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
      await dialog.getByLabel("Cliente *").fill(name);
      await page.getByRole("option", { name: new RegExp(name) }).click();
      await dialog.getByLabel("Horário *").fill("10:00");
      const services = dialog.getByRole("group", { name: "Serviços *" });
      const line = (service: string) => services.locator("li").filter({ has: page.getByRole("checkbox", { name: new RegExp(`^${service}`) }) });
      await line("Escova").getByRole("checkbox").check();
      await line("Escova").locator("select").selectOption({ label: "Juliana Alves — disponível" });
      await line("Barba").getByRole("checkbox").check();
      await line("Barba").locator("select").selectOption({ label: "Rafael Souza — disponível" });
      // The first line at the appointment's time; the second, another professional, 'Em seguida'.
      await expect(line("Escova").getByTestId("line-timing")).toHaveText("às 10:00");
      const timing = line("Barba").getByRole("group", { name: /^Início do serviço: Barba/ });
      await expect(timing.getByRole("button", { name: "Em seguida" })).toHaveAttribute("aria-pressed", "true");
      await expect(line("Barba").getByTestId("line-timing")).toContainText("às 10:45");
      await timing.getByRole("button", { name: "Ao mesmo tempo" }).click();
      await expect(timing.getByRole("button", { name: "Ao mesmo tempo" })).toHaveAttribute("aria-pressed", "true");
      await expect(line("Barba").getByTestId("line-timing")).toContainText("às 10:00");
      await timing.getByRole("button", { name: "Em seguida" }).click();
      await expect(line("Barba").getByTestId("line-timing")).toContainText("às 10:45");
      await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Agendamento criado" })).toBeVisible();
      if (size.phone) await showColumn(page, "Juliana Alves");
      await expect(column(page, "Juliana Alves").getByTestId("grid-block").filter({ hasText: name })).toHaveAttribute("aria-label", new RegExp(`^10:00–10:45.*${name}: Escova`));
      if (size.phone) await showColumn(page, "Rafael Souza");
      await expect(column(page, "Rafael Souza").getByTestId("grid-block").filter({ hasText: name })).toHaveAttribute("aria-label", new RegExp(`^10:45–11:15.*${name}: Barba`));
      const blocks = await sql()<{ b: string }[]>`
        select to_char(lower(b.period), 'HH24:MI') || '–' || to_char(upper(b.period), 'HH24:MI') as b
          from appointment_professional_blocks b join appointments a on a.id = b.appointment_id join clients c on c.id = a.client_id
         where c.name = ${name} order by lower(b.period)`;
      expect(blocks.map((r) => r.b)).toEqual(["10:00–10:45", "10:45–11:15"]);
    } finally {
      await sql()`delete from appointments where business_id = ${businessId} and client_id in (select id from clients where name = ${name})`;
    }
  });
}
