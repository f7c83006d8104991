import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { shootAll } from "./shoot";

/** The 'Lembretes' dialog and a reminder's link page (npm run shots; the card and the bell: notifications.shots.ts). */
test("reminders", async ({ page, browser }) => {
  const [b] = await sql()<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  const [a] = await sql()<{ id: string }[]>`
    select id from appointments where business_id = ${b.id} and status_id = 1 and date > current_date + 2 order by date, time limit 1`;
  const token = `shot-${Date.now()}`.padEnd(43, "x");
  await sql()`insert into appointment_link_tokens (token_hash, business_id, appointment_id, purpose, expires_at)
              values (${createHash("sha256").update(token).digest("hex")}, ${b.id}, ${a.id}, 'confirm', now() + interval '3 days')`;

  await login(page, OWNER);
  await shootAll(page, "reminders-dialog", async (p) => {
    await p.goto("/business-profile");
    await p.getByRole("button", { name: "Editar lembretes" }).click();
    await expect(p.getByRole("dialog", { name: "Lembretes" })).toBeVisible();
  }, { viewportOnly: true });
  const client = await (await browser.newContext({ locale: "pt-BR" })).newPage();
  await shootAll(client, "reminder-link", async (p) => {
    await p.goto(`/agendar/lembrete/${token}`);
    await expect(p.getByRole("button", { name: "Confirmar presença" })).toBeVisible();
  });
});
