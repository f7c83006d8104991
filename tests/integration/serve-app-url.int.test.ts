import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";

/** The production server (scripts/serve.ts) with the given APP_URL: its exit code and error output. */
function startServe(appUrl: string | undefined, extra: Record<string, string> = {}) {
  const env = { ...process.env, PORT: "1", NODE_ENV: "production", ...extra } as NodeJS.ProcessEnv;
  delete env.APP_URL;
  if (appUrl !== undefined) env.APP_URL = appUrl;
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join("scripts", "serve.ts")], { env, encoding: "utf8", timeout: 30_000 });
  return { status: r.status, stderr: r.stderr };
}

test("the production server refuses to start without APP_URL, or with plain http outside localhost", () => {
  const unset = startServe(undefined);
  expect(unset.status).toBe(1);
  expect(unset.stderr).toContain("APP_URL não está definida");
  const http = startServe("http://agenda.exemplo.com.br");
  expect(http.status).toBe(1);
  expect(http.stderr).toContain("APP_URL deve usar https");
});

test("it refuses a wrong configuration with every reason at once (lib/core/config/env.ts)", () => {
  const wrong = startServe("https://agenda.exemplo.com.br", { TRUSTED_PROXY_HOPS: "dois", SMTP_URL: "http://correio", AUTH_SECRET: "curta" });
  expect(wrong.status).toBe(1);
  expect(wrong.stderr).toContain("Configuração inválida");
  expect(wrong.stderr).toContain("TRUSTED_PROXY_HOPS deve ser um número inteiro entre 0 e 10.");
  expect(wrong.stderr).toContain("SMTP_URL deve ser um endereço smtp://… ou smtps://….");
  expect(wrong.stderr).toContain("AUTH_SECRET deve ter pelo menos 32 caracteres");
});
