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
  });

  test("WhatsApp: all three variables or none, the missing ones named", () => {
    const whatsApp = { WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_REMINDER_TEMPLATE: "lembrete" };
    expect(envProblems({ ...good, ...whatsApp })).toEqual([]);
    expect(envProblems({ ...good, ...whatsApp, WHATSAPP_TEMPLATE_LANGUAGE: "pt_BR", WHATSAPP_API_URL: "https://graph.facebook.com/v21.0" })).toEqual([]);
    expect(envProblems({ ...good, WHATSAPP_TOKEN: "t" })).toEqual([
      "Defina WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID e WHATSAPP_REMINDER_TEMPLATE juntas (ou nenhuma) para os lembretes por WhatsApp; falta: WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_REMINDER_TEMPLATE.",
    ]);
    expect(envProblems({ ...good, ...whatsApp, WHATSAPP_REMINDER_TEMPLATE: undefined })).toEqual([expect.stringMatching(/juntas .*; falta: WHATSAPP_REMINDER_TEMPLATE\.$/)]);
    // Blank counts as unset, as whatsAppConfig reads it.
    expect(envProblems({ ...good, ...whatsApp, WHATSAPP_PHONE_NUMBER_ID: "  " })).toEqual([expect.stringMatching(/falta: WHATSAPP_PHONE_NUMBER_ID\.$/)]);
    expect(envProblems({ ...good, ...whatsApp, WHATSAPP_TEMPLATE_LANGUAGE: "pt-BR" })).toEqual(["WHATSAPP_TEMPLATE_LANGUAGE deve ser um código de idioma da Meta, como pt_BR."]);
  });

  test("the server actions' key: a base64 AES key of 16, 24 or 32 bytes", () => {
    expect(envProblems({ ...good, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") })).toEqual([]);
    expect(envProblems({ ...good, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(16, 7).toString("base64") })).toEqual([]);
    for (const bad of ["segredo-compartilhado", Buffer.alloc(20, 7).toString("base64"), "AAAA*AAA"]) {
      expect(envProblems({ ...good, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: bad })).toEqual([expect.stringMatching(/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY deve ser uma chave AES de 16, 24 ou 32 bytes/)]);
    }
  });

  test("no APP_URL, no secret", () => {
    expect(envProblems({})).toEqual([expect.stringMatching(/^APP_URL não está definida/), expect.stringMatching(/^AUTH_SECRET não está definida/)]);
  });
});
