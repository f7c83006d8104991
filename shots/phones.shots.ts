import { createHash, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { insertInvitation, login, OWNER, sql } from "../e2e/support";
import { addDays, dayOfWeek } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { shootAll } from "./shoot";

/**
 * Issue 32's screens (npm run shots -- shots/phones.shots.ts): the main dialogs as a phone shows
 * them, the team screen, the agenda's status colours and where a toast sits, at 1280 and 390 px,
 * light and dark.
 */

test("dialogs", async ({ page }) => {
  test.setTimeout(600_000);
  await login(page, OWNER);
  await shootAll(page, "phones-new-appointment", async (p) => {
    await p.goto("/appointments");
    await p.getByRole("button", { name: /Novo agendamento em Amanhã/ }).click();
    const dialog = p.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByLabel("Horário *").fill("15:00");
    await expect(dialog.getByRole("checkbox").first()).toBeVisible();
    for (const box of (await dialog.getByRole("checkbox").all()).slice(0, 3)) await box.check();
  }, { viewportOnly: true });
  await shootAll(page, "phones-new-appointment-end", async (p) => {
    await p.goto("/appointments");
    await p.getByRole("button", { name: /Novo agendamento em Amanhã/ }).click();
    const dialog = p.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByLabel("Horário *").fill("15:00");
    await expect(dialog.getByRole("checkbox").first()).toBeVisible();
    for (const box of await dialog.getByRole("checkbox").all()) await box.check();
    await dialog.getByRole("button", { name: "Criar Agendamento" }).scrollIntoViewIfNeeded();
  }, { viewportOnly: true });
  await shootAll(page, "phones-services-editor", async (p) => {
    await p.goto("/appointments");
    await p.getByRole("button", { name: "Expandir detalhes" }).first().click();
    await p.getByTestId("appointment-details").first().getByRole("button", { name: "Editar" }).click();
    const dialog = p.getByRole("dialog", { name: "Gerenciar Serviços e Profissionais" });
    await expect(dialog.getByRole("checkbox").first()).toBeVisible();
    for (const box of (await dialog.getByRole("checkbox").all()).slice(0, 4)) await box.check();
  }, { viewportOnly: true });
  for (const [name, path, opener] of [
    ["phones-clients-new", "/clients", "Novo Cliente"],
    ["phones-services-new", "/services", "Novo Serviço"],
    ["phones-professionals-new", "/professionals", "Novo Profissional"],
    ["phones-restrictions", "/professionals", "Restrições de Fernanda Costa"],
    ["phones-add-holiday", "/business-hours", "Adicionar feriado"],
    ["phones-invite", "/team-management", "Convidar Membro"],
  ] as const) {
    await shootAll(page, name, async (p) => {
      await p.goto(path);
      await p.getByRole("button", { name: opener }).first().click();
      await expect(p.getByRole("dialog")).toBeVisible();
    }, { viewportOnly: true });
  }
});

test("screens", async ({ page }) => {
  await login(page, OWNER);
  const [studio] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const invitation = await insertInvitation(studio.id, "maria.fernanda.albuquerque@exemplo.com.br");
  await shootAll(page, "phones-team", async (p) => {
    await p.goto("/team-management");
    await expect(p.getByRole("heading", { name: "Gerenciar Equipe" })).toBeVisible();
  });
  await sql()`delete from business_invitations where id = ${invitation}`;
  // A past weekday's cards (concluído, confirmado, cancelado) above the coming days' (pendente).
  let day = addDays(todayInBusiness(), -1);
  while (dayOfWeek(day) === 0) day = addDays(day, -1);
  await shootAll(page, "phones-agenda-statuses", async (p) => {
    await p.goto("/appointments");
    await p.getByLabel("Ir para o dia").fill(day);
    await p.getByRole("button", { name: "Ir", exact: true }).click();
    await expect(p.locator(`section[data-date="${day}"]`).getByTestId("appointment-card").first()).toBeVisible();
  });
  // A booking's private link: its status badge in the status's colour.
  const [a] = await sql()<{ id: string; business_id: string }[]>`
    select a.id, a.business_id from appointments a join businesses b on b.id = a.business_id
    where b.name = 'Studio Bela Vista' and a.date > current_date and a.status_id = 1 order by a.date, a.time limit 1`;
  const token = randomBytes(32).toString("base64url");
  await sql()`insert into online_booking_tokens (business_id, appointment_id, token_hash, booker_name)
    values (${a.business_id}, ${a.id}, ${createHash("sha256").update(token).digest("hex")}, 'Cliente do Link')`;
  await shootAll(page, "phones-booking-link", async (p) => {
    await p.goto(`/agendar/reserva/${token}`);
    await expect(p.getByTestId("booking-status")).toBeVisible();
  });
  await shootAll(page, "phones-allocation-statuses", async (p) => {
    await p.goto("/allocation-viewer");
    await p.getByLabel("Mostrar todos os status").click();
  });
});

test("toasts", async ({ page }) => {
  await login(page, OWNER);
  // Three quick toasts from Novo Agendamento's checks, the dialog closed: what stays over the page.
  await shootAll(page, "phones-toast-agenda", async (p) => {
    await p.goto("/appointments");
    await p.getByRole("button", { name: /Novo agendamento em Amanhã/ }).click();
    const dialog = p.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await dialog.getByRole("radio", { name: "Criar novo" }).click();
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await dialog.getByLabel("Nome *").fill("Cliente Teste");
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await p.keyboard.press("Escape");
    await expect(p.locator("[data-sonner-toast]").first()).toBeVisible();
  }, { viewportOnly: true });
  // A toast over a tall dialog on a phone: Novo Agendamento with every service, 'Horário obrigatório'.
  await shootAll(page, "phones-toast-dialog", async (p) => {
    await p.goto("/appointments");
    await p.getByRole("button", { name: /Novo agendamento em Amanhã/ }).click();
    const dialog = p.getByRole("dialog", { name: "Novo Agendamento" });
    await dialog.getByRole("radio", { name: "Criar novo" }).click();
    await dialog.getByLabel("Nome *").fill("Cliente Teste");
    await expect(dialog.getByRole("checkbox").first()).toBeVisible();
    for (const box of await dialog.getByRole("checkbox").all()) await box.check();
    await dialog.getByRole("button", { name: "Criar Agendamento" }).click();
    await expect(p.locator("[data-sonner-toast]").first()).toBeVisible();
  }, { viewportOnly: true });
});
