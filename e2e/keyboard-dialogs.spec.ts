/**
 * Every main dialog with the keyboard alone: reached with Tab and opened with Enter, focus inside
 * and kept there (Tab and Shift+Tab cycle within it), filled and submitted or cancelled with keys,
 * and focus back on the button that opened it. axe runs on each open dialog too.
 *
 * One new owner with a new, empty business goes through the chain — client, service, professional,
 * restrictions, appointment, its services, the deletions — so nothing here touches the demo data
 * the other specs count.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Locator, type Page } from "./fixtures";
import { expectAccessible } from "./axe";
import { addDays, dayOfWeek } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { OWNER, PASSWORD, sql } from "./support";

// Each test walks a screen key by key (the deletions four screens); on CI's two loaded cores they
// took 27-60 s, the deletions 60 s, where the default limit is.
test.describe.configure({ mode: "serial", timeout: 150_000 });
test.use({ reducedMotion: "reduce" });

const tag = randomUUID().slice(0, 6);
const CLIENT = `Cliente Teclado ${tag}`;
const SERVICE = `Serviço Teclado ${tag}`;
const PRO = `Profissional Teclado ${tag}`;

let page: Page;

async function ownerOfNewBusiness(browser: Browser) {
  const email = `teclado-${tag}@exemplo.com.br`;
  // Same password as the demo owner (its hash is copied), a confirmed address, a business of their own.
  const [user] = await sql()<{ id: string }[]>`
    insert into users (email, password_hash, full_name, registered, email_verified_at)
    select ${email}, password_hash, 'Dona do Teclado', true, now() from users where email = ${OWNER} returning id`;
  await sql()`insert into user_roles (user_id, role_id) select ${user.id}, id from roles where name = 'business_owner'`;
  const [business] = await sql()<{ id: string }[]>`insert into businesses (name) values (${`Salão do Teclado ${tag}`}) returning id`;
  await sql()`insert into user_business_roles (user_id, business_id, role) values (${user.id}, ${business.id}, 'owner')`;

  // browser.newContext() does not take the config's `use`: the same locale and zone as the other specs.
  const context = await browser.newContext({ reducedMotion: "reduce", locale: "pt-BR", timezoneId: "America/Cuiaba" });
  const p = await context.newPage();
  await p.goto("/auth");
  await p.getByLabel("E-mail").fill(email);
  await p.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await p.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(p).toHaveURL(/\/appointments$/, { timeout: 20_000 });
  return p;
}

test.beforeAll(async ({ browser }) => {
  page = await ownerOfNewBusiness(browser);
});
test.afterAll(async () => {
  await page?.context().close();
});

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(target: Locator, { back = false, max = 150 } = {}) {
  // Resolved once: asking the locator again at every press costs more than the press itself.
  const element = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    if (element ? await element.evaluate((el) => el === document.activeElement) : await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab não chegou a ${target}`);
}

/** Tab and Shift+Tab, each around the whole dialog and more, never leave it. */
async function expectTrapped(dialog: Locator) {
  const stops = await dialog.evaluate(
    (d) => d.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]').length,
  );
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} nº ${i + 1} saiu do diálogo`).toBe(true);
    }
  }
}

/** Opens the dialog from `opener` with Tab + Enter; checks focus is inside it and trapped. */
async function openWithKeyboard(opener: Locator, dialog: Locator, { trap = true } = {}) {
  await tabTo(opener);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  if (trap) await expectTrapped(dialog);
}

async function expectClosedBackOn(dialog: Locator, opener: Locator) {
  await expect(dialog).toBeHidden();
  if (process.env.KB_LOOSE) {
    if (!(await isFocused(opener))) console.log("LOOSE: foco não voltou a", String(opener));
    await opener.focus();
    return;
  }
  await expect(opener).toBeFocused();
}

async function toast(text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

/** Types into the focused field (select all first, so a default is replaced). */
async function typeHere(text: string) {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("Novo Cliente: Esc cancels, then filled and saved with Enter", async () => {
  await page.goto("/clients");
  const opener = page.getByRole("button", { name: "Novo Cliente" });
  const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
  await openWithKeyboard(opener, dialog);
  await expectAccessible(page, "Novo Cliente", '[role="dialog"]');
  await page.keyboard.press("Escape");
  await expectClosedBackOn(dialog, opener);

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Nome *")).toBeFocused();
  await page.keyboard.type(CLIENT);
  await tabTo(dialog.getByLabel("Telefone"));
  await page.keyboard.type("65 99876-5432");
  await tabTo(dialog.getByLabel("E-mail"));
  await page.keyboard.type(`teclado-${tag}@cliente.com`);
  await page.keyboard.press("Enter");
  await toast("Cliente criado com sucesso!");
  await expectClosedBackOn(dialog, opener);
  await expect(page.getByText(CLIENT)).toBeVisible();
});

test("Novo Serviço: the Cancelar button by keyboard, then saved from the Salvar button", async () => {
  await page.goto("/services");
  const opener = page.getByRole("button", { name: "Novo Serviço" });
  const dialog = page.getByRole("dialog", { name: "Novo Serviço" });
  await openWithKeyboard(opener, dialog);
  await expectAccessible(page, "Novo Serviço", '[role="dialog"]');
  await tabTo(dialog.getByRole("button", { name: "Cancelar" }));
  await page.keyboard.press("Enter");
  await expectClosedBackOn(dialog, opener);

  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Nome *")).toBeFocused();
  await page.keyboard.type(SERVICE);
  await tabTo(dialog.getByLabel("Descrição"));
  await page.keyboard.type("Feito só com o teclado");
  await tabTo(dialog.getByLabel("Duração (minutos)"));
  await page.keyboard.type("30");
  await tabTo(dialog.getByRole("button", { name: "Salvar" }));
  await page.keyboard.press("Enter");
  await toast("Serviço criado com sucesso!");
  await expectClosedBackOn(dialog, opener);
  await expect(page.getByText(SERVICE)).toBeVisible();
});

test("Novo Profissional: the service checked with Space, its price typed, saved", async () => {
  await page.goto("/professionals");
  const opener = page.getByRole("button", { name: "Novo Profissional" });
  const dialog = page.getByRole("dialog", { name: "Novo Profissional" });
  await openWithKeyboard(opener, dialog);
  await expectAccessible(page, "Novo Profissional", '[role="dialog"]');
  await expect(dialog.getByLabel("Nome *")).toBeFocused();
  await page.keyboard.type(PRO);
  await tabTo(dialog.getByRole("checkbox", { name: SERVICE }));
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("checkbox", { name: SERVICE })).toBeChecked();
  await tabTo(dialog.getByLabel(`Preço de ${SERVICE}`));
  await page.keyboard.type("50,00");
  await tabTo(dialog.getByRole("button", { name: "Salvar" }));
  await page.keyboard.press("Enter");
  await toast("Profissional criado com sucesso");
  await expectClosedBackOn(dialog, opener);
  await expect(page.getByText(PRO)).toBeVisible();
});

test("Restrições: a day switched off with Space, saved; Esc on a second opening", async () => {
  await page.goto("/professionals");
  const opener = page.getByRole("button", { name: `Restrições de ${PRO}` });
  const dialog = page.getByRole("dialog", { name: `Restrições de ${PRO}` });
  await tabTo(opener);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("switch", { name: "Trabalha sábado" })).toBeVisible();
  await expectTrapped(dialog);
  await expectAccessible(page, "Restrições", '[role="dialog"]');
  await tabTo(dialog.getByRole("switch", { name: "Trabalha sábado" }));
  const before = await dialog.getByRole("switch", { name: "Trabalha sábado" }).getAttribute("aria-checked");
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("switch", { name: "Trabalha sábado" })).not.toHaveAttribute("aria-checked", before!);
  await tabTo(dialog.getByRole("button", { name: "Salvar" }));
  await page.keyboard.press("Enter");
  await toast("Restrições atualizadas com sucesso");
  await expectClosedBackOn(dialog, opener);

  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("switch", { name: "Trabalha sábado" })).toHaveAttribute("aria-checked", before === "true" ? "false" : "true");
  await page.keyboard.press("Escape");
  await expectClosedBackOn(dialog, opener);
});

/** The agenda's day in the always-shown week that falls on a Wednesday (every professional works then). */
function wednesday() {
  for (let i = 0; i < 7; i++) {
    const d = addDays(todayInBusiness(), i);
    if (dayOfWeek(d) === 3) return d;
  }
  throw new Error("sem quarta-feira na semana");
}

test("Novo Agendamento: client picked in the combobox with arrows and Enter, time typed, service and professional chosen, created", async () => {
  await page.goto("/appointments");
  const opener = page.locator(`section[data-date="${wednesday()}"]`).getByRole("button", { name: /^Novo agendamento em / });
  const dialog = page.getByRole("dialog", { name: "Novo Agendamento" });
  await openWithKeyboard(opener, dialog);
  await expectAccessible(page, "Novo Agendamento", '[role="dialog"]');

  const combobox = dialog.getByRole("combobox", { name: "Cliente *" });
  await tabTo(combobox);
  await page.keyboard.type(CLIENT.split(" ").at(-1)!);
  await expect(page.getByRole("option", { name: new RegExp(CLIENT) })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(combobox).toHaveValue(CLIENT);
  await tabTo(dialog.getByLabel("Horário *"));
  // Hours, minutes, and 'A' for the AM/PM part the system Chromium shows (ignored in a 24 h field).
  await page.keyboard.type("1030A");
  await expect(dialog.getByLabel("Horário *")).toHaveValue("10:30");
  await tabTo(dialog.getByRole("checkbox", { name: new RegExp(SERVICE) }));
  await page.keyboard.press("Space");
  const professional = dialog.getByLabel("Profissional");
  await expect(professional.locator("option", { hasText: `${PRO} — disponível` })).toHaveCount(1);
  await tabTo(professional);
  await page.keyboard.press("ArrowDown");
  await expect(professional).not.toHaveValue("");
  await tabTo(dialog.getByRole("button", { name: "Criar Agendamento" }));
  await page.keyboard.press("Enter");
  await toast("Agendamento criado");
  await expectClosedBackOn(dialog, opener);
  await expect(page.getByTestId("appointment-card").filter({ hasText: CLIENT })).toBeVisible();
});

test("Gerenciar Serviços: opened from the card's details by keyboard, cancelled, then saved", async () => {
  await page.goto("/appointments");
  const card = page.getByTestId("appointment-card").filter({ hasText: CLIENT });
  await tabTo(card.getByRole("button", { name: CLIENT }));
  await page.keyboard.press("Enter");
  const opener = card.getByRole("button", { name: "Editar" });
  const dialog = page.getByRole("dialog", { name: "Gerenciar Serviços e Profissionais" });
  await openWithKeyboard(opener, dialog);
  await expect(dialog.getByRole("checkbox", { name: new RegExp(SERVICE) })).toBeChecked();
  await expectAccessible(page, "Gerenciar Serviços", '[role="dialog"]');
  await page.keyboard.press("Escape");
  await expectClosedBackOn(dialog, opener);

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Profissional responsável")).toHaveValue(/.+/);
  await tabTo(dialog.getByLabel("Profissional responsável"));
  await tabTo(dialog.getByRole("button", { name: "Salvar" }));
  await page.keyboard.press("Enter");
  await toast("Serviços atualizados");
  await expectClosedBackOn(dialog, opener);
});

test("delete confirmations: Esc keeps the row and gives the focus back; confirming by keyboard deletes", async () => {
  // The appointment: Cancelar by keyboard, then Remover.
  await page.goto("/appointments");
  const card = page.getByTestId("appointment-card").filter({ hasText: CLIENT });
  await tabTo(card.getByRole("button", { name: CLIENT }));
  await page.keyboard.press("Enter");
  const opener = card.getByRole("button", { name: `Excluir agendamento de ${CLIENT}` });
  const confirm = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
  await openWithKeyboard(opener, confirm);
  await expectAccessible(page, "Confirmar exclusão", '[role="alertdialog"]');
  await page.keyboard.press("Escape");
  await expectClosedBackOn(confirm, opener);
  await page.keyboard.press("Enter");
  await tabTo(confirm.getByRole("button", { name: "Remover" }));
  await page.keyboard.press("Enter");
  await toast("Agendamento deletado");
  await expect(card).toHaveCount(0);

  for (const [path, name, title, done] of [
    ["/clients", CLIENT, "Excluir cliente", "Cliente excluído com sucesso!"],
    ["/services", SERVICE, "Excluir serviço", "Serviço excluído com sucesso!"],
    ["/professionals", PRO, "Excluir profissional", "Profissional excluído com sucesso"],
  ] as const) {
    await page.goto(path);
    const del = page.getByRole("button", { name: `Excluir ${name}` });
    const dialog = page.getByRole("alertdialog", { name: title });
    await openWithKeyboard(del, dialog);
    await tabTo(dialog.getByRole("button", { name: "Cancelar" }));
    await page.keyboard.press("Enter");
    await expectClosedBackOn(dialog, del);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await tabTo(dialog.getByRole("button", { name: "Excluir" }));
    await page.keyboard.press("Enter");
    await toast(done);
    await expect(page.getByRole("button", { name: `Excluir ${name}` })).toHaveCount(0);
  }
});

test("Adicionar feriado: the date picked in the calendar with arrows and Enter, added", async () => {
  await page.goto("/business-hours");
  const opener = page.getByRole("button", { name: "Adicionar feriado" });
  const dialog = page.getByRole("dialog", { name: "Adicionar feriado" });
  await openWithKeyboard(opener, dialog);
  await expectAccessible(page, "Adicionar feriado", '[role="dialog"]');
  await expect(dialog.getByLabel("Nome do feriado *")).toBeFocused();
  await page.keyboard.type(`Festa do Teclado ${tag}`);
  await tabTo(dialog.getByLabel("Data *"));
  await page.keyboard.press("Enter");
  const calendar = page.getByRole("grid");
  await expect(calendar).toBeVisible();
  // The keyboard starts on a day of the grid (today), not on the month buttons.
  await expect.poll(() => calendar.evaluate((g) => g.contains(document.activeElement))).toBe(true);
  await expectAccessible(page, "calendário do feriado", "[data-radix-popper-content-wrapper]");
  // A week after the focused day (today or later: past days can't be picked).
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(calendar).toBeHidden();
  await expect(dialog.getByLabel("Data *")).not.toHaveText(/Selecione/i);
  await tabTo(dialog.getByRole("button", { name: "Adicionar", exact: true }));
  await page.keyboard.press("Enter");
  await toast("Feriado adicionado");
  await expectClosedBackOn(dialog, opener);
  await expect(page.getByText(`Festa do Teclado ${tag}`)).toBeVisible();
});

test("Convidar Membro: e-mail typed, sent with Enter", async () => {
  await page.goto("/team-management");
  const opener = page.getByRole("button", { name: "Convidar Membro" });
  const dialog = page.getByRole("dialog", { name: "Convidar Membro" });
  await openWithKeyboard(opener, dialog);
  await expectAccessible(page, "Convidar Membro", '[role="dialog"]');
  await page.keyboard.press("Escape");
  await expectClosedBackOn(dialog, opener);

  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("E-mail")).toBeFocused();
  await typeHere(`convidado-${tag}@exemplo.com.br`);
  await page.keyboard.press("Enter");
  await toast("Convite enviado!");
  await expectClosedBackOn(dialog, opener);
  await expect(page.getByText(`convidado-${tag}@exemplo.com.br`, { exact: true })).toBeVisible();
});
