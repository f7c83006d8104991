import { randomBytes, createHash } from "node:crypto";
import { test } from "@playwright/test";
import { createAccount, linkFromMail, login, OWNER, signInAtProvider, sql, uniqueEmail } from "../e2e/support";
import { shootAll } from "./shoot";

/** Screenshots of the sign-in screens (npm run shots). */

test("visitor modes", async ({ page }) => {
  await shootAll(page, "login", async (p) => {
    await p.goto("/auth");
    await p.getByLabel("E-mail").fill("abc");
  });
  await shootAll(page, "signup", async (p) => {
    await p.goto("/auth");
    await p.getByRole("button", { name: "Cadastre-se" }).click();
    await p.getByLabel("Nome completo").fill("A");
    await p.getByLabel("Senha", { exact: true }).fill("123");
    await p.getByLabel("Confirmar senha").fill("1");
  });
  await shootAll(page, "forgot", async (p) => {
    await p.goto("/auth");
    await p.getByRole("button", { name: "Esqueci minha senha" }).click();
  });
  await shootAll(page, "forgot-sent", async (p) => {
    await p.goto("/auth");
    await p.getByRole("button", { name: "Esqueci minha senha" }).click();
    await p.getByLabel("Email").fill(uniqueEmail("shot"));
    await p.getByRole("button", { name: "Enviar email" }).click();
    await p.getByRole("heading", { name: "Email enviado!" }).waitFor();
  });
});

test("reset screen", async ({ page }) => {
  const account = await createAccount();
  const tokens = Array.from({ length: 4 }, () => randomBytes(32).toString("base64url"));
  for (const t of tokens) {
    await sql()`insert into password_reset_tokens (user_id, token_hash, expires_at)
      values (${account.id}, ${createHash("sha256").update(t).digest("hex")}, now() + interval '1 hour')`;
  }
  let i = 0;
  await shootAll(page, "reset", async (p) => {
    await p.goto(`/reset-password?token=${tokens[i++ % tokens.length]}`);
    await p.getByLabel("Nova senha", { exact: true }).fill("12");
  });
});

test("confirm e-mail screen: from another browser (a password) and from the one that signed up", async ({ page, browser }) => {
  const account = await createAccount();
  const tokens = Array.from({ length: 4 }, () => randomBytes(32).toString("base64url"));
  for (const t of tokens) {
    await sql()`insert into email_verification_tokens (user_id, token_hash, expires_at)
      values (${account.id}, ${createHash("sha256").update(t).digest("hex")}, now() + interval '1 hour')`;
  }
  let i = 0;
  await shootAll(page, "confirm-email-password", async (p) => {
    await p.goto(`/confirm-email?token=${tokens[i++ % tokens.length]}`);
    await p.getByLabel("Senha", { exact: true }).fill("12");
  });
  // The browser that signed up: its cookie names the link, so one button.
  const ctx = await browser.newContext();
  const mine = await ctx.newPage();
  const email = uniqueEmail("confirma");
  await mine.goto("/auth");
  await mine.getByRole("button", { name: "Cadastre-se" }).click();
  await mine.getByLabel("Nome completo").fill("Dona Confirma");
  await mine.getByLabel("Email").fill(email);
  await mine.getByLabel("Senha", { exact: true }).fill("segredo1");
  await mine.getByLabel("Confirmar senha").fill("segredo1");
  await mine.getByRole("button", { name: "Criar conta" }).click();
  const link = await linkFromMail(email, "/confirm-email?token=");
  await shootAll(mine, "confirm-email-button", async (p) => {
    await p.goto(link);
    await p.getByRole("button", { name: "Confirmar e-mail" }).waitFor();
  });
  await ctx.close();
});

test("signed in and registration", async ({ page, browser }) => {
  await login(page, OWNER);
  await shootAll(page, "signed-in", async (p) => {
    await p.goto("/auth");
  });
  const ctx = await browser.newContext();
  const g = await ctx.newPage();
  await g.goto("/auth");
  await g.getByRole("button", { name: "Continuar com Google" }).click();
  await signInAtProvider(g, uniqueEmail("bia.lima"));
  await g.getByRole("heading", { name: "Cadastre seu Negócio" }).waitFor();
  await shootAll(g, "register-business", async (p) => {
    await p.goto("/auth");
    await p.getByLabel("Nome da Empresa").fill("B");
  });
  await ctx.close();
});
