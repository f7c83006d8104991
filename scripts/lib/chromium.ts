/**
 * How the tests, the benchmark and the screenshots launch the system Chromium (Debian's package; no
 * download of Playwright's own browsers here): the launch options, in one place.
 *
 * Headless Chromium is the whole browser since the old headless mode left it (Chrome 132). From
 * Chromium 156 every window also loads the omnibox's popup as WebUI pages ("top chrome"), two
 * renderers per window that took 20–50 % of a core each while the e2e suite ran, on 2 cores shared
 * with two app servers and PostgreSQL. No test uses the address bar, so those features are off.
 */
const OMNIBOX_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup", "PreloadTopChromeWebUI"];

/**
 * Playwright passes its own --disable-features list (playwright-core 1.x, chromiumSwitches), and
 * Chromium keeps only the last --disable-features flag: ours would drop Playwright's (PaintHolding
 * among them, which delays the first paint tests wait for). So the list is Playwright's plus ours.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
];

export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    // Background traffic of a desktop browser (update checks, sync, field trials) that would land in the measured requests.
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_FEATURES].join(",")}`,
  ],
};
