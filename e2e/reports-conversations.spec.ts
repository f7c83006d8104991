import { expect, test, type Page } from "./fixtures";
import { login, OWNER, sql } from "./support";
import { salon, toast } from "./reports-fixtures";

/**
 * Conversas and the WhatsApp bot's way in: the key made on Meus Dados, a message posted with it
 * (Playwright's `request`, no cookies) appearing live on an open report, figures, search, filter,
 * refusals, revocation. A salon of its own, so the figures are exact.
 */

const stat = (page: Page, id: string) => page.getByTestId(`stat-conversations-${id}-value`);
const items = (page: Page) => page.getByTestId("conversation");

async function openReport(page: Page) {
  // The live stream must be open before the bot posts, or the change would be missed.
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/realtime");
  await page.goto("/reports/conversations");
  await stream;
  await expect(page.getByRole("heading", { name: "Conversas", level: 1 })).toBeVisible();
}

test("a key made on Meus Dados lets the bot post; the message appears live; figures, search, filter; revoked key refused", async ({ page, request, context }) => {
  const s = await salon();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await login(page, s.owner.email);

  // ─── the key, on Meus Dados ───
  await page.goto("/business-profile");
  const card = page.getByTestId("whatsapp-integration");
  await expect(card.getByRole("heading", { name: "Integração com WhatsApp" })).toBeVisible();
  await expect(card.getByText("Nenhuma chave criada ainda.")).toBeVisible();
  await card.getByRole("button", { name: "Criar chave" }).click();
  await expect(card.getByText("Informe um nome para a chave.")).toBeVisible();
  await card.getByLabel("Nome da chave").fill("Bot da recepção");
  await card.getByRole("button", { name: "Criar chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Chave criada" });
  await expect(dialog.getByText("Copie a chave agora: ela não será mostrada de novo.")).toBeVisible();
  const key = await dialog.getByLabel("Nova chave de API").inputValue();
  expect(key).toMatch(/^agd_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "Copiar" }).click();
  await toast(page, "Chave copiada");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await dialog.getByRole("button", { name: "Concluir" }).click();
  await expect(dialog).toBeHidden();
  const row = card.getByTestId("api-key").filter({ hasText: "Bot da recepção" });
  await expect(row).toContainText("Nunca usada");
  await expect(row).toContainText("Ativa");
  await expect(row).toContainText(`…${key.slice(-4)}`);
  // Shown once: the page never has it again, and the database keeps only its hash.
  await page.reload();
  expect(await page.content()).not.toContain(key);
  const [stored] = await sql()<{ key_hash: string }[]>`select key_hash from business_api_keys where business_id = ${s.id}`;
  expect(stored.key_hash).toMatch(/^[0-9a-f]{64}$/);

  // ─── the report, open, empty ───
  await openReport(page);
  await expect(page.getByText("Nenhuma conversa encontrada.")).toBeVisible();
  await expect(stat(page, "total")).toHaveText("0");

  // ─── the bot posts; the open report shows it without a reload ───
  const api = (body: unknown, auth: string | null = key) =>
    request.post("/api/conversations", { data: body, headers: auth ? { Authorization: `Bearer ${auth}` } : {} });
  const first = await api({ client_phone: "+55 (65) 99123-4567", client_name: "Júlia Prado", message: `Olá, vocês abrem sábado? ${s.t}`, is_bot: false });
  expect(first.status()).toBe(201);
  const created = await first.json();
  expect(created).toMatchObject({ client_created: true });
  await expect(items(page).filter({ hasText: `Olá, vocês abrem sábado? ${s.t}` })).toBeVisible({ timeout: 15_000 });
  await expect(stat(page, "total")).toHaveText("1");
  await expect(items(page).first()).toContainText("Júlia Prado");
  await expect(items(page).first()).toContainText("(65) 99123-4567");
  await expect(items(page).first()).toContainText("Humano");

  // Same phone without the 55: the same client; a reply from the bot; another client.
  const second = await api({ client_phone: "65991234567", message: "Abrimos sim, das 9h às 13h!", is_bot: true });
  expect(await second.json()).toMatchObject({ client_id: created.client_id, client_created: false });
  expect((await api({ client_phone: "(65) 3025-1000", client_name: "Marcos", message: "Qual o preço da escova?", is_bot: false })).status()).toBe(201);
  await expect(stat(page, "total")).toHaveText("3", { timeout: 15_000 });
  // 1 of 3 from the bot: 33 % / 67 %; two different phones.
  await expect(stat(page, "bot")).toHaveText("33%");
  await expect(stat(page, "human")).toHaveText("67%");
  await expect(stat(page, "clients")).toHaveText("2");
  await expect(page.getByTestId("stat-conversations-bot-note")).toHaveText("1 mensagem do bot");
  await expect(page.getByTestId("stat-conversations-human-note")).toHaveText("2 mensagens de clientes");
  await expect(items(page).nth(0)).toContainText("Qual o preço da escova?");
  await expect(items(page).nth(1)).toContainText("Abrimos sim");
  await expect(items(page).nth(1)).toContainText("Bot");

  // ─── filter and search, on the server, in the URL ───
  await page.getByRole("link", { name: "Apenas bot" }).click();
  await expect(page).toHaveURL(/filter=bot/);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page)).toContainText("Abrimos sim");
  await page.getByRole("link", { name: "Apenas humano" }).click();
  await expect(page).toHaveURL(/filter=human/);
  await expect(items(page)).toHaveCount(2);
  await page.getByRole("link", { name: "Todas" }).click();
  await expect(items(page)).toHaveCount(3);
  const search = page.getByRole("searchbox", { name: "Buscar conversas" });
  await search.fill("JULIA PRADO");
  await expect(page).toHaveURL(/q=JULIA/);
  await expect(items(page)).toHaveCount(2);
  await search.fill("PRECO");
  await expect(items(page)).toHaveCount(1);
  await search.fill("3025-1000");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page)).toContainText("Marcos");
  await search.fill(`nada disso ${s.t}`);
  await expect(page.getByText("Nenhuma conversa encontrada.")).toBeVisible();

  // ─── refusals: JSON in Portuguese ───
  let res = await api({ client_phone: "65991234567", message: "x", is_bot: false }, null);
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ error: "Chave de API ausente. Envie o cabeçalho Authorization: Bearer <chave>." });
  res = await api({ client_phone: "65991234567", message: "x", is_bot: false }, `${key.slice(0, -1)}x`);
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ error: "Chave de API inválida ou revogada." });
  res = await api({ client_phone: "12", message: "", is_bot: "sim" });
  expect(res.status()).toBe(422);
  expect(await res.json()).toMatchObject({ error: "Dados inválidos.", fieldErrors: { client_phone: expect.any(String), message: expect.any(String), is_bot: expect.any(String) } });

  // ─── revoke, with confirmation; then the key no longer works ───
  await page.goto("/business-profile");
  await expect(row).toContainText("Último uso em");
  await row.getByRole("button", { name: "Revogar Bot da recepção" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText('Tem certeza que deseja revogar a chave "Bot da recepção"?');
  await confirm.getByRole("button", { name: "Revogar" }).click();
  await toast(page, "Chave revogada");
  await expect(row).toContainText("Revogada");
  await expect(row.getByRole("button", { name: /Revogar/ })).toHaveCount(0);
  res = await api({ client_phone: "65991234567", message: "depois", is_bot: false });
  expect(res.status()).toBe(401);
  const [{ n }] = await sql()<{ n: string }[]>`select count(*) as n from conversations where business_id = ${s.id}`;
  expect(Number(n)).toBe(3);
});

test("the demo salon's report: texts, figures as the database counts them, pages", async ({ page }) => {
  await login(page, OWNER);
  await openReport(page);
  await expect(page.getByText("As mensagens trocadas entre o bot de WhatsApp e os seus clientes")).toBeVisible();
  const [c] = await sql()<{ total: string; bot: string }[]>`
    select count(*) as total, count(*) filter (where is_bot) as bot from conversations v
    join businesses b on b.id = v.business_id where b.name = 'Studio Bela Vista'`;
  const total = Number(c.total);
  await expect(stat(page, "total")).toHaveText(String(total));
  await expect(stat(page, "bot")).toHaveText(`${Math.round((Number(c.bot) * 100) / total)}%`);
  await expect(page.getByRole("navigation", { name: "Filtrar conversas" }).getByRole("link", { name: "Todas" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("list-total")).toContainText(`${total} conversas`);
});
