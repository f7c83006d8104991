import http from "node:http";
import type { AddressInfo } from "node:net";
import { allowConsoleErrors, expect, test, type APIResponse, type Page } from "./fixtures";
import { captureAction, login, OWNER, replayAction, waitForRealtime } from "./support";

function directives(csp: string | undefined): Record<string, string[]> {
  expect(csp, "Content-Security-Policy header").toBeTruthy();
  return Object.fromEntries(
    csp!.split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name, ...values] = d.split(/\s+/);
      return [name, values];
    }),
  );
}

function expectCommonHeaders(res: APIResponse) {
  const h = res.headers();
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"]).toContain("camera=()");
  expect(h["x-frame-options"]).toBe("DENY");
  // The e2e server runs over http: no HSTS (it is sent only when APP_URL is https, in production).
  expect(h["strict-transport-security"]).toBeUndefined();
}

/** Every CSP violation of the page, from the browser's own event (bubbles to the document). */
async function collectViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__cspViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber}) on ${location.pathname}`,
      );
    });
  });
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test.describe("security headers", () => {
  test("a page: strict nonce CSP whose nonce is on every script, new per request, plus the common headers", async ({ request }) => {
    const first = await request.get("/auth");
    expect(first.status()).toBe(200);
    expectCommonHeaders(first);
    const d = directives(first.headers()["content-security-policy"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    expect(d["base-uri"]).toEqual(["'self'"]);
    expect(d["form-action"]?.[0]).toBe("'self'");
    expect(d["connect-src"]).toEqual(["'self'"]);
    expect(d["script-src"]).not.toContain("'unsafe-eval'");
    expect(d["script-src"]).not.toContain("'unsafe-inline'");
    const nonce = d["script-src"].find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
    expect(nonce.length).toBeGreaterThanOrEqual(16);

    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);

    const second = await request.get("/auth");
    const nonce2 = directives(second.headers()["content-security-policy"])["script-src"].find((s) => s.startsWith("'nonce-"));
    expect(nonce2).not.toBe(`'nonce-${nonce}'`);
  });

  test("a guard redirect carries the CSP too", async ({ request }) => {
    const res = await request.get("/appointments", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(directives(res.headers()["content-security-policy"])["frame-ancestors"]).toEqual(["'none'"]);
  });

  test("a server action's answer: the common headers and a CSP under which nothing runs, loads or frames it", async ({ page }) => {
    await login(page, OWNER);
    await page.goto("/clients");
    await page.getByRole("button", { name: "Novo Cliente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
    await dialog.getByLabel("Nome *").fill(`Cabeçalhos ${Date.now()}`);
    const action = await captureAction(page, () => dialog.getByRole("button", { name: "Salvar" }).click());
    const { status, text, response: res } = await replayAction(page, action);
    expect(status).toBe(200);
    expect(text).toContain('"ok":true');
    expectCommonHeaders(res);
    const d = directives(res.headers()["content-security-policy"]);
    expect(d["default-src"]).toEqual(["'none'"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["base-uri"]).toEqual(["'none'"]);
  });

  test("an /api route and a static file", async ({ request }) => {
    const api = await request.get("/api/auth/csrf");
    expect(api.status()).toBe(200);
    expectCommonHeaders(api);
    const d = directives(api.headers()["content-security-policy"]);
    expect(d["default-src"]).toEqual(["'none'"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);

    const realtime = await request.get("/api/realtime");
    expect(realtime.status()).toBe(401);
    expectCommonHeaders(realtime);

    const file = await request.get("/logo.svg");
    expect(file.status()).toBe(200);
    expectCommonHeaders(file);
  });

  test("logging in and opening /appointments reports no CSP violation; an injected inline handler is blocked", async ({ page }) => {
    allowConsoleErrors(/Executing inline event handler violates the following Content Security Policy/);
    const violations = await collectViolations(page);
    await login(page, OWNER);
    await page.goto("/appointments");
    await expect(page.getByRole("heading", { level: 1, name: "Agenda Inteligente" })).toBeVisible();
    // The realtime stream connects under connect-src 'self'. (Waiting for its response instead
    // missed one that came before the wait began and then lost 15 s to a swallowed timeout.)
    await waitForRealtime(page);
    // Client-side navigation (chunks loaded by Next's runtime under 'strict-dynamic') and theme script.
    await page.getByRole("link", { name: "Clientes" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
    expect(violations).toEqual([]);

    // The CSP is really enforced: markup injected into the page cannot run script.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML("beforeend", `<img src="/logo.svg" onload="window.__pwned = 1">`);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join("\n")).toMatch(/script-src/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test("another site cannot frame the app (clickjacking)", async ({ page, baseURL }) => {
    allowConsoleErrors(/Framing 'http:\/\/localhost:\d+\/' violates the following Content Security Policy directive: "frame-ancestors 'none'"/);
    const target = `${baseURL}/auth`;
    // Another origin on this machine (a page served from the network, so Chromium's local-network
    // rules let it frame localhost): the attacker's page.
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<iframe id="f" src="${target}" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const framed = page.waitForResponse(target);
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      // The app answered the frame's request, and the browser refused to show it.
      expect((await framed).status()).toBe(200);
      await expect.poll(() => page.frames().find((f) => f !== page.mainFrame())?.url()).toMatch(/^chrome-error:/);
      await expect(page.frameLocator("#f").getByRole("button", { name: "Entrar", exact: true })).toHaveCount(0);
    } finally {
      server.close();
    }
  });
});
