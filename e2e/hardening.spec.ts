import { expect, test } from "./fixtures";
import { tag } from "./catalog-fixtures";
import { captureAction, login, OWNER, replayAction, sql } from "./support";

/**
 * Hardening against the production server (issue 15 item 4): the cookies a real browser holds after
 * signing in, and Next's origin check on server actions (a cross-site form or script posting a
 * captured action with the victim's cookies is refused before the action runs).
 */

test("after signing in: the session cookie is HttpOnly and SameSite=Lax (Secure needs https: tests/integration/hardening.int.test.ts)", async ({ page, context }) => {
  await login(page, OWNER);
  await page.goto("/");
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === "next-auth.session-token");
  expect(session, cookies.map((c) => c.name).join(", ")).toBeDefined();
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  // Scripts of the page cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain("next-auth.session-token");
  for (const c of cookies.filter((c) => c.name.startsWith("next-auth."))) expect(c, c.name).toMatchObject({ httpOnly: true, sameSite: "Lax" });
});

test("a server action posted with another site's Origin is refused and changes nothing; the same request from the app's origin works", async ({ page }) => {
  const name = `Origem ${tag()}`;
  await login(page, OWNER);
  await page.goto("/clients");
  await page.getByRole("button", { name: "Novo Cliente" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
  await dialog.getByLabel("Nome *").fill(name);
  const action = await captureAction(page, () => dialog.getByRole("button", { name: "Salvar" }).click());
  const count = async () => (await sql()<{ n: number }[]>`select count(*)::int as n from clients where name = ${name}`)[0].n;

  for (const origin of ["https://evil.example", "http://localhost.evil.example", "null"]) {
    const res = await page.request.post(action.url, {
      headers: {
        "next-action": action.headers["next-action"],
        "content-type": action.headers["content-type"] ?? "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin,
      },
      data: action.body,
      maxRedirects: 0,
    });
    expect(res.status(), `Origin ${origin}`).not.toBe(200);
    expect(await res.text(), `Origin ${origin}`).not.toContain(`"ok":true`);
    expect(await count(), `Origin ${origin}`).toBe(0);
  }

  const same = await replayAction(page, action);
  expect(same.status).toBe(200);
  expect(await count()).toBe(1);
});

test("a server action's body over the limit answers 413 before it is read (Next answered 500); within the limit it still works", async ({ page }) => {
  const name = `Grande ${tag()}`;
  await login(page, OWNER);
  await page.goto("/clients");
  await page.getByRole("button", { name: "Novo Cliente" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
  await dialog.getByLabel("Nome *").fill(name);
  const action = await captureAction(page, () => dialog.getByRole("button", { name: "Salvar" }).click());
  const headers = {
    "next-action": action.headers["next-action"],
    "content-type": action.headers["content-type"] ?? "text/plain;charset=UTF-8",
    accept: "text/x-component",
    origin: new URL(page.url()).origin,
  };
  // Over the app's 3 MB, under the 4 MB nginx lets through (deploy/nginx.conf): the app's own answer.
  const big = await page.request.post(action.url, { headers, data: `${action.body}${" ".repeat(3.5 * 1024 * 1024)}`, maxRedirects: 0 });
  expect(big.status()).toBe(413);
  expect(await big.text()).toBe("O envio é maior que o permitido (3 MB).");
  // Far over it, nginx refuses it before any instance sees it.
  const huge = await page.request.post(action.url, { headers, data: `${action.body}${" ".repeat(6 * 1024 * 1024)}`, maxRedirects: 0 });
  expect(huge.status()).toBe(413);
  const count = async () => (await sql()<{ n: number }[]>`select count(*)::int as n from clients where name = ${name}`)[0].n;
  expect(await count()).toBe(0);
  expect((await replayAction(page, action)).status).toBe(200);
  expect(await count()).toBe(1);
});
