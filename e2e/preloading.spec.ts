import { expect, test, type Page } from "./fixtures";
import { login, OWNER, sidebar } from "./support";

/** Every script the page asks for from now on. */
function scriptsRequested(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

/**
 * The browser's cache off, so every script the page asks for goes to the network where the test
 * sees it; with `saveData`, the browser is told to save data, and the page loads nothing in the
 * background (components/ui/when-idle.ts).
 */
async function browserSettings(page: Page, { saveData }: { saveData: boolean }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setDataSaverOverride", { dataSaverEnabled: saveData });
}

/** Opens `path`, waits until its background loads are over, then opens the dialog and returns the scripts the click fetched. */
async function scriptsOfFirstOpen(page: Page, path: string, open: (page: Page) => Promise<void>, dialog: string): Promise<{ beforeClick: string[]; onClick: string[] }> {
  const beforeClick = scriptsRequested(page);
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-preloads", "done");
  const onClick = scriptsRequested(page);
  await open(page);
  await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
  return { beforeClick: [...beforeClick], onClick };
}

const DIALOGS = [
  {
    name: "Novo Agendamento",
    path: "/appointments",
    open: (page: Page) => page.getByRole("button", { name: /^Novo agendamento em/ }).first().click(),
  },
  { name: "Novo Cliente", path: "/clients", open: (page: Page) => page.getByRole("button", { name: "Novo Cliente" }).click() },
];

test.describe("Dialog code loaded in the background", () => {
  for (const d of DIALOGS) {
    test(`${d.path}: ${d.name}'s code is fetched once the page is idle, and the first open fetches no script`, async ({ browser }) => {
      // Without background loads (Save-Data), the first open fetches the dialog's code: those scripts…
      const saving = await browser.newContext();
      const plain = await saving.newPage();
      await browserSettings(plain, { saveData: true });
      await login(plain, OWNER);
      const withoutPreload = await scriptsOfFirstOpen(plain, d.path, d.open, d.name);
      expect(withoutPreload.onClick.length, "the dialog's code is not in the first load").toBeGreaterThan(0);
      await saving.close();

      // …are fetched before any click when the page may load in the background, and the click fetches none.
      const context = await browser.newContext();
      const page = await context.newPage();
      await browserSettings(page, { saveData: false });
      await login(page, OWNER);
      const withPreload = await scriptsOfFirstOpen(page, d.path, d.open, d.name);
      expect(withPreload.beforeClick).toEqual(expect.arrayContaining(withoutPreload.onClick));
      expect(withPreload.onClick).toEqual([]);
      await context.close();
    });
  }
});

test("a sidebar link focused (or pointed at) fetches its page; the click then shows it without asking the server again", async ({ page }) => {
  await login(page, OWNER);
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1, name: "Serviços" })).toBeVisible();
  // Hydrated and idle: the link's handlers are there.
  await expect(page.locator("html")).toHaveAttribute("data-preloads", "done");
  const link = sidebar(page).getByRole("link", { name: "Clientes", exact: true });
  // The page's whole render for the router (an RSC request for /clients that is not Next's own
  // route-only prefetch of the visible links), asked for when the link gets the focus. (Focus, not
  // hover: the same handler, without the sidebar's expansion moving the link under the pointer.)
  const prefetched = page.waitForResponse((r) => {
    const h = r.request().headers();
    return new URL(r.url()).pathname === "/clients" && h["rsc"] === "1" && !h["next-router-prefetch"] && r.ok();
  });
  await link.focus();
  // Its answer begun is enough: a click meanwhile waits for that same response, never asks again.
  await prefetched;
  const afterHover: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/clients") afterHover.push(r.url());
  });
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Buscar clientes" })).toBeVisible();
  expect(afterHover, "the click rendered /clients again").toEqual([]);
});

test("the menu's pages' code is loaded once the page is idle, and a first click on Clientes fetches none of its page's scripts", async ({ browser }) => {
  const firstClick = async (saveData: boolean) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await browserSettings(page, { saveData });
    await login(page, OWNER);
    await page.goto("/");
    const beforeClick = scriptsRequested(page);
    await page.goto("/services");
    await expect(page.locator("html")).toHaveAttribute("data-preloads", "done");
    const onClick = scriptsRequested(page);
    await sidebar(page).getByRole("link", { name: "Clientes", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Buscar clientes" })).toBeVisible();
    const result = { beforeClick: [...beforeClick], onClick: [...onClick] };
    await context.close();
    return result;
  };
  // Without background loads (Save-Data), the click fetches the page's code: those scripts…
  const withoutPreload = await firstClick(true);
  expect(withoutPreload.onClick.length, "Clientes' code is not in the first load of Serviços").toBeGreaterThan(0);
  // …are fetched before the click when the page may load in the background, and the click asks for none of them.
  const withPreload = await firstClick(false);
  expect(withPreload.beforeClick).toEqual(expect.arrayContaining(withoutPreload.onClick));
  expect(withPreload.onClick.filter((s) => withoutPreload.onClick.includes(s))).toEqual([]);
});

test("a client card's link asks the server for nothing until it is pointed at or focused", async ({ page }) => {
  const clientPages: string[] = [];
  page.on("request", (r) => {
    if (/^\/clients\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname)) clientPages.push(r.url());
  });
  await login(page, OWNER);
  await page.goto("/clients");
  await expect(page.locator("html")).toHaveAttribute("data-preloads", "done");
  const cards = page.getByTestId("client-card");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(1);
  expect(clientPages, "a card's page fetched ahead because it was in view").toEqual([]);
  const link = cards.first().getByRole("link");
  const href = (await link.getAttribute("href"))!;
  const prefetched = page.waitForRequest((r) => new URL(r.url()).pathname === href && r.headers()["rsc"] === "1");
  await link.focus();
  await prefetched;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(new Set(clientPages.map((u) => new URL(u).pathname))).toEqual(new Set([href]));
});
