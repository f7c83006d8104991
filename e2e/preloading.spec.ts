import { expect, test, type Page } from "./fixtures";
import { login, OWNER } from "./support";

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
