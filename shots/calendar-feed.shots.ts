import { expect, test } from "@playwright/test";
import { login, OWNER } from "../e2e/support";
import { shootAll } from "./shoot";

/** 'Link da agenda (iCal)' (issue 36): the dialog with a link just made, at 1280 and 390 px, light and dark. */
test("calendar feed dialog", async ({ page }) => {
  await login(page, OWNER);
  await shootAll(page, "calendar-feed-dialog", async (p) => {
    await p.goto("/professionals");
    await p.getByRole("button", { name: "Link da agenda (iCal) de Rafael Souza" }).click();
    const dialog = p.getByRole("dialog", { name: "Link da agenda (iCal) de Rafael Souza" });
    const made = dialog.getByRole("button", { name: /^Gerar (novo )?link$/ });
    await expect(made).toBeEnabled();
    if ((await made.textContent())?.includes("novo")) {
      await made.click();
      await p.getByRole("alertdialog").getByRole("button", { name: "Gerar novo link" }).click();
    } else {
      await made.click();
    }
    await expect(dialog.getByTestId("calendar-feed-url")).toBeVisible();
    const { scroll, width } = await p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(width);
  }, { viewportOnly: true });
});
