import { describe, expect, test } from "vitest";
import { reminderRequestBody, templateText, whatsAppConfig, whatsAppNumber } from "./whatsapp";

const env = { WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "123", WHATSAPP_REMINDER_TEMPLATE: "lembrete" };

describe("whatsAppConfig", () => {
  test("on only with the three variables", () => {
    expect(whatsAppConfig({})).toBeNull();
    expect(whatsAppConfig({ ...env, WHATSAPP_TOKEN: "" })).toBeNull();
    expect(whatsAppConfig(env)).toEqual({ token: "t", phoneNumberId: "123", reminderTemplate: "lembrete", language: "pt_BR", apiUrl: "https://graph.facebook.com/v21.0" });
    expect(whatsAppConfig({ ...env, WHATSAPP_API_URL: "http://x/v1/" })?.apiUrl).toBe("http://x/v1");
  });
});

describe("whatsAppNumber", () => {
  test("a Brazilian phone with DDD becomes 55 + its digits", () => {
    expect(whatsAppNumber("(65) 99999-1234")).toBe("5565999991234");
    expect(whatsAppNumber("+55 (65) 3322-4455")).toBe("556533224455");
    expect(whatsAppNumber("(55) 99999-1234")).toBe("5555999991234");
    expect(whatsAppNumber("12345")).toBeNull();
  });
});

describe("the request", () => {
  test("template text without line breaks, tabs or long runs of spaces", () => {
    expect(templateText("Rua A,\n  123\t   centro")).toBe("Rua A, 123 centro");
    expect(templateText("  ")).toBe("—");
    expect(templateText("x".repeat(2000))).toHaveLength(1024);
  });
  test("a template message with the body parameters and the two buttons' tokens", () => {
    const body = reminderRequestBody(whatsAppConfig(env)!, { to: "5565999991234", bodyParams: ["Ana", "Studio"], confirmToken: "c", cancelToken: "k" });
    expect(body.template.components).toEqual([
      { type: "body", parameters: [{ type: "text", text: "Ana" }, { type: "text", text: "Studio" }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "c" }] },
      { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "k" }] },
    ]);
  });
});
