import { expect, test } from "@playwright/test";
import { login, OWNER } from "../e2e/support";
import { SHOTS_DIR } from "./shoot";

/** The 'Lembretes' dialog with the switch 'Avisar o cliente…' (issue 52, item 5), at 1280 and 390 px, light and dark. */
test("client-update switch", async ({ page }) => {
  await login(page, OWNER);
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/business-profile");
      await page.getByTestId("reminders-card").getByRole("button", { name: "Editar lembretes" }).click();
      const dialog = page.getByRole("dialog", { name: "Lembretes" });
      const toggle = dialog.getByRole("switch", { name: /Avisar o cliente quando o salão/ });
      await expect(toggle).toBeChecked();
      // The switch in sight (the dialog scrolls on a phone).
      await toggle.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS_DIR}/client-update-settings-${width}-${scheme}.png` });
    }
  }
});
