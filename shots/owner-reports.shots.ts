import { expect, test } from "@playwright/test";
import { login, OWNER, sql } from "../e2e/support";
import { SHOTS_DIR, shootAll } from "./shoot";

/** Conversas, Relatório de Clientes, Logs de Auditoria and the WhatsApp card (npm run shots -- shots/owner-reports.shots.ts). */

test("owner reports", async ({ page }) => {
  // One long message and one with a line break, to see them wrap.
  await sql()`
    insert into conversations (business_id, client_id, message, is_bot, created_at)
    select b.id, c.id, 'Oi! Queria saber se vocês fazem progressiva e quanto custa, e se tem horário na sexta à tarde depois das 16h, porque eu saio do trabalho às 15h30.', false, now()
    from businesses b join clients c on c.business_id = b.id where b.name = 'Studio Bela Vista' order by c.name limit 1`;
  await login(page, OWNER);
  await shootAll(page, "reports-conversations", async (p) => {
    await p.goto("/reports/conversations");
    await expect(p.getByTestId("conversation").first()).toBeVisible();
  });
  await shootAll(page, "reports-conversations-empty", async (p) => {
    await p.goto("/reports/conversations?q=nada-disso&filter=bot");
    await expect(p.getByText("Nenhuma conversa encontrada.")).toBeVisible();
  });
  await shootAll(page, "reports-clients", async (p) => {
    await p.goto("/reports/clients");
    await expect(p.getByRole("table", { name: "Todos os clientes" })).toBeVisible();
  });
  await shootAll(page, "reports-audit-logs", async (p) => {
    await p.goto("/reports/audit-logs");
    await expect(p.getByTestId("list-total")).toBeVisible();
  });
  await shootAll(page, "reports-audit-logs-period", async (p) => {
    await p.goto("/reports/audit-logs");
    await p.getByLabel("Período", { exact: true }).click();
    await p.getByRole("grid").first().getByRole("button").nth(9).click();
    await p.getByRole("grid").first().getByRole("button").nth(15).click();
  });
  await shootAll(page, "reports-audit-logs-details", async (p) => {
    await p.goto("/reports/audit-logs?q=telefone");
    await p.getByRole("button", { name: /Ver detalhes/ }).first().click();
    await expect(p.getByRole("dialog", { name: "Detalhes do Log" })).toBeVisible();
  });
  await shootAll(page, "reports-audit-logs-empty", async (p) => {
    await p.goto("/reports/audit-logs?q=nada-disso&action=DELETE");
    await expect(p.getByText("Nenhum log encontrado com os filtros aplicados.")).toBeVisible();
  });
  // The card sits below the profile form, past the two screens shootAll keeps: shot on its own.
  await page.goto("/business-profile");
  const card = page.getByTestId("whatsapp-integration");
  await card.getByLabel("Nome da chave").fill("Bot do WhatsApp");
  await card.getByRole("button", { name: "Criar chave" }).click();
  await page.getByRole("dialog", { name: "Chave criada" }).getByRole("button", { name: "Concluir" }).click();
  await expect(card.getByTestId("api-key")).toHaveCount(1);
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(300);
      await card.screenshot({ path: `${SHOTS_DIR}/business-profile-whatsapp-${width}-${scheme}.png` });
    }
  }
  // The dialog is fixed in the viewport, which is scrolled down to the card: shot as the viewport.
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/business-profile");
      await card.getByLabel("Nome da chave").fill(`Bot reserva ${scheme} ${width}`);
      await card.getByRole("button", { name: "Criar chave" }).click();
      await expect(page.getByRole("dialog", { name: "Chave criada" })).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS_DIR}/business-profile-key-created-${width}-${scheme}.png` });
      await page.getByRole("dialog", { name: "Chave criada" }).getByRole("button", { name: "Concluir" }).click();
    }
  }
});
