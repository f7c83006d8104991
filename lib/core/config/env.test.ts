import { describe, expect, test } from "vitest";
import { envProblems } from "./env";

const good = { APP_URL: "https://agenda.exemplo.com.br", AUTH_SECRET: "x".repeat(32) };

describe("envProblems (the production server's start)", () => {
  test("a right configuration has none", () => {
    expect(envProblems(good)).toEqual([]);
    expect(envProblems({ ...good, SMTP_URL: "smtps://u:p@smtp.exemplo.com:465", TRUSTED_PROXY_HOPS: "1", DATABASE_URL: "postgres://a:b@db/agenda" })).toEqual([]);
  });

  test("each wrong setting is named, all at once, in Portuguese", () => {
    const problems = envProblems({ APP_URL: "http://agenda.exemplo.com.br", AUTH_SECRET: "curta", SMTP_URL: "http://x", TRUSTED_PROXY_HOPS: "dois", AUTH_GOOGLE_ID: "id" });
    expect(problems).toHaveLength(5);
    expect(problems.join("\n")).toMatch(/APP_URL deve usar https/);
    expect(problems.join("\n")).toMatch(/AUTH_SECRET deve ter pelo menos 32/);
    expect(problems.join("\n")).toMatch(/SMTP_URL deve ser um endereço smtp/);
    expect(problems.join("\n")).toMatch(/TRUSTED_PROXY_HOPS deve ser um número inteiro entre 0 e 10/);
    expect(problems.join("\n")).toMatch(/AUTH_GOOGLE_ID e AUTH_GOOGLE_SECRET juntas/);
    expect(envProblems({ APP_URL: "https://agenda.exemplo.com.br", AUTH_SECRET: "x".repeat(32), WHATSAPP_TOKEN: "t" }).join("\n")).toMatch(
      /WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID e WHATSAPP_REMINDER_TEMPLATE juntas/,
    );
    expect(envProblems({ APP_URL: "https://agenda.exemplo.com.br", AUTH_SECRET: "x".repeat(32), WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_REMINDER_TEMPLATE: "l" })).toEqual([]);
  });

  test("no APP_URL, no secret", () => {
    expect(envProblems({})).toEqual([expect.stringMatching(/^APP_URL não está definida/), expect.stringMatching(/^AUTH_SECRET não está definida/)]);
  });
});
