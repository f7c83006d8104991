/**
 * How the tests, the benchmark and the screenshots launch the system Chromium (Debian's package; no
 * download of Playwright's own browsers here): the launch options, in one place.
 *
 * Headless Chromium is the whole browser since the old headless mode left it (Chrome 132). From
 * Chromium 156 every window also loads the omnibox's popup as WebUI pages ("top chrome"), two
 * renderers per window that took 20–50 % of a core each while the e2e suite ran, on 2 cores shared
 * with two app servers and PostgreSQL. No test uses the address bar, so those features are off.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    // Background traffic of a desktop browser (update checks, sync, field trials) that would land in the measured requests.
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI",
  ],
};
