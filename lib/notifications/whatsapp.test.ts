import { describe, expect, test } from "vitest";
import { clientUpdateRequestBody, offerRequestBody, reminderRequestBody, templateText, TEMPLATE_PARAM_MAX, WhatsAppError, whatsAppConfig, whatsAppNumber } from "./whatsapp";

const env = { WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "123", WHATSAPP_REMINDER_TEMPLATE: "lembrete" };

describe("whatsAppConfig", () => {
  test("on only with the three variables", () => {
    expect(whatsAppConfig({})).toBeNull();
    expect(whatsAppConfig({ ...env, WHATSAPP_TOKEN: "" })).toBeNull();
    expect(whatsAppConfig({ ...env, WHATSAPP_PHONE_NUMBER_ID: undefined })).toBeNull();
    expect(whatsAppConfig({ ...env, WHATSAPP_REMINDER_TEMPLATE: "  " })).toBeNull();
    expect(whatsAppConfig(env)).toEqual({ token: "t", phoneNumberId: "123", reminderTemplate: "lembrete", language: "pt_BR", apiUrl: "https://graph.facebook.com/v21.0", waitlistTemplate: null, clientUpdateTemplate: null });
  });
  test("the waitlist's offers by WhatsApp only with their own template", () => {
    expect(whatsAppConfig({ ...env, WHATSAPP_WAITLIST_TEMPLATE: " vagou " })).toMatchObject({ waitlistTemplate: "vagou" });
    expect(whatsAppConfig({ ...env, WHATSAPP_WAITLIST_TEMPLATE: "" })).toMatchObject({ waitlistTemplate: null, clientUpdateTemplate: null });
  });
  test("the language and the API's address can be changed", () => {
    expect(whatsAppConfig({ ...env, WHATSAPP_TEMPLATE_LANGUAGE: "pt_PT", WHATSAPP_API_URL: "http://x/v1/" })).toMatchObject({ language: "pt_PT", apiUrl: "http://x/v1" });
  });
});

describe("whatsAppNumber", () => {
  test.each([
    ["(65) 99999-1234", "5565999991234"],
    ["65999991234", "5565999991234"],
    ["+55 (65) 99999-1234", "5565999991234"],
    ["55 65 99999 1234", "5565999991234"],
    ["+55 (65) 3322-4455", "556533224455"],
    ["(065) 99999-1234", "5565999991234"],
    // DDD 55 (RS): a local number that itself starts with 55.
    ["(55) 99999-1234", "5555999991234"],
    ["(55) 3322-4455", "555533224455"],
  ])("%s → %s", (phone, number) => expect(whatsAppNumber(phone)).toBe(number));

  test.each(["", "12345", "9999-1234", "(65) 89999-1234", "(00) 99999-1234", "(60) 99999-1234", "(065) 1999-1234", "(65) 1234-5678", "+1 (415) 555-0100", "5565999991234567"])(
    "%j is not a WhatsApp number",
    (phone) => expect(whatsAppNumber(phone)).toBeNull(),
  );
});

describe("templateText", () => {
  test("no line breaks, tabs or runs of spaces", () => {
    expect(templateText("Rua A,\n  123\t   centro")).toBe("Rua A, 123 centro");
    expect(templateText("a\r\nb\u00a0\u00a0\u00a0\u00a0\u00a0c\u2028d")).toBe("a b c d");
    expect(templateText(" Corte      e barba ")).toBe("Corte e barba");
  });
  test("never empty", () => {
    expect(templateText("  ")).toBe("—");
    expect(templateText("")).toBe("—");
  });
  test("capped at 1024 characters without cutting a character in half", () => {
    expect(templateText("x".repeat(2000))).toHaveLength(TEMPLATE_PARAM_MAX);
    const emoji = templateText("x".repeat(1023) + "💇‍♀️");
    expect(Array.from(emoji)).toHaveLength(TEMPLATE_PARAM_MAX);
    expect(emoji.endsWith("💇")).toBe(true);
  });
});

describe("the request", () => {
  test("a template message with the body parameters and the two buttons' tokens", () => {
    const body = reminderRequestBody(whatsAppConfig(env)!, { to: "5565999991234", bodyParams: ["Ana", "Studio\nBela"], confirmToken: "c", cancelToken: "k" });
    expect(body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5565999991234",
      type: "template",
      template: {
        name: "lembrete",
        language: { code: "pt_BR" },
        components: [
          { type: "body", parameters: [{ type: "text", text: "Ana" }, { type: "text", text: "Studio Bela" }] },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "c" }] },
          { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "k" }] },
        ],
      },
    });
  });
  test("a waitlist offer: its own template, the body parameters and the one button's token", () => {
    const config = { ...whatsAppConfig({ ...env, WHATSAPP_WAITLIST_TEMPLATE: "vagou" })!, waitlistTemplate: "vagou" };
    const body = offerRequestBody(config, { to: "5565999991234", bodyParams: ["Ana", "Studio"], token: "tok" });
    expect(body.template.name).toBe("vagou");
    expect(body.template.components).toEqual([
      { type: "body", parameters: [{ type: "text", text: "Ana" }, { type: "text", text: "Studio" }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "tok" }] },
    ]);
  });
  test("a client update: its own template, the body parameters and no button", () => {
    const config = { ...whatsAppConfig(env)!, clientUpdateTemplate: "mudou" };
    const body = clientUpdateRequestBody(config, { to: "5565999991234", bodyParams: ["Ana", "Para cancelar:\nhttps://x/y"] });
    expect(body.template.name).toBe("mudou");
    expect(body.template.components).toEqual([{ type: "body", parameters: [{ type: "text", text: "Ana" }, { type: "text", text: "Para cancelar: https://x/y" }] }]);
  });
  test("a refusal carries the status, Meta's code and message", () => {
    const e = new WhatsAppError(401, 190, "Invalid OAuth access token");
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ status: 401, code: 190, message: "WhatsApp recusou a mensagem (401, código 190): Invalid OAuth access token" });
    expect(new WhatsAppError(502, undefined, undefined).message).toBe("WhatsApp recusou a mensagem (502): sem resposta");
  });
});
