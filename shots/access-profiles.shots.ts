import { expect, test } from "@playwright/test";
import { createAccount, createBusiness, login, sql, uid } from "../e2e/support";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { addDays } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { shootAll } from "./shoot";

/** Access profiles (issue 52, item 14): the team page's 'Permissões' dialog, and the page an employee may not open. */
test("access profiles", async ({ browser }) => {
  const owner = await createAccount({ fullName: "Dona Permissões" });
  const employee = await createAccount({ fullName: "Carla Colaboradora" });
  const businessId = await createBusiness({ name: `Salão Permissões ${uid()}`, ownerId: owner.id });
  await sql()`insert into user_business_roles (user_id, business_id, role, grants) values (${employee.id}, ${businessId}, 'employee', array['deleteClients', 'hours'])`;
  // Two professionals with a booking each tomorrow; Carla is linked to Ana (the dialog's 'Profissional vinculado').
  await sql()`insert into business_hours (business_id, day_of_week, is_open, open_time, close_time) select ${businessId}, d, true, '08:00', '20:00' from generate_series(0, 6) d`;
  let date = addDays(todayInBusiness(), 1);
  while (nationalHolidayOn(date)) date = addDays(date, 1);
  const [service] = await sql()<{ id: string }[]>`insert into services (business_id, name, duration_minutes) values (${businessId}, 'Corte feminino', 45) returning id`;
  const pros: string[] = [];
  for (const [pro, client, time] of [["Ana Tesoura", "Marina Lopes", "10:00"], ["Bruno Navalha", "Paulo Reis", "11:00"]]) {
    const [p] = await sql()<{ id: string }[]>`insert into professionals (business_id, name) values (${businessId}, ${pro}) returning id`;
    pros.push(p.id);
    await sql()`insert into professional_services (professional_id, service_id, business_id, price) values (${p.id}, ${service.id}, ${businessId}, 80)`;
    const [c] = await sql()<{ id: string }[]>`insert into clients (business_id, name, phone) values (${businessId}, ${client}, '65999990000') returning id`;
    const [a] = await sql()<{ id: string }[]>`insert into appointments (business_id, client_id, date, time, status_id) values (${businessId}, ${c.id}, ${date}, ${time}, 2) returning id`;
    await sql()`insert into appointment_services (appointment_id, service_id, professional_id, business_id) values (${a.id}, ${service.id}, ${p.id}, ${businessId})`;
  }
  await sql()`update user_business_roles set professional_id = ${pros[0]} where user_id = ${employee.id}`;

  const ownerPage = await (await browser.newContext()).newPage();
  await login(ownerPage, owner.email);
  await shootAll(ownerPage, "access-profiles-team", async (p) => {
    await p.goto("/team-management");
    await expect(p.getByRole("button", { name: "Permissões de Carla Colaboradora: 2 de 5" })).toBeVisible();
  });
  await shootAll(ownerPage, "access-profiles-dialog", async (p) => {
    await p.goto("/team-management");
    await p.getByRole("button", { name: "Permissões de Carla Colaboradora: 2 de 5" }).click();
    await expect(p.getByRole("dialog", { name: "Permissões de Carla Colaboradora" })).toBeVisible();
    await expect(p.getByRole("combobox", { name: "Profissional vinculado" })).toContainText("Ana Tesoura");
  }, { viewportOnly: true });

  const page = await (await browser.newContext()).newPage();
  await login(page, employee.email);
  await shootAll(page, "access-profiles-denied", async (p) => {
    await p.goto("/services");
    await expect(p.getByText("Você não tem permissão para abrir esta página.", { exact: false })).toBeVisible();
  });
  // Without 'Ver a agenda dos outros profissionais': Ana's cards and column alone.
  await shootAll(page, "access-profiles-agenda", async (p) => {
    await p.goto(`/appointments?vista=cartoes&dia=${date}`);
    await expect(p.locator(`section[data-date="${date}"]`).getByText("Marina Lopes")).toBeVisible();
  }, { viewportOnly: true });
  await shootAll(page, "access-profiles-grid", async (p) => {
    await p.goto(`/appointments/grade?dia=${date}`);
    await expect(p.getByTestId("grid-column").getByText("Marina Lopes")).toBeVisible();
  }, { viewportOnly: true });
});
