/**
 * The WhatsApp adapter against the local stand-in of Meta's Cloud API (tests/support), over real
 * HTTP: what the reminder job gets back for an accepted message and for each refusal.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { sendWhatsAppReminder, WhatsAppError, whatsAppConfig, type WhatsAppConfig } from "@/lib/notifications/whatsapp";
import { startWhatsAppStandIn } from "../support/whatsapp-stand-in";

const TOKEN = "EAAG-token-certo";
const PHONE_NUMBER_ID = "109876543210";
const reminder = {
  to: "5565999991234",
  bodyParams: ["Ana", "Studio Bela", "sexta-feira, 12 de dezembro, às 10:00", "Corte com Joana", "Rua das Flores, 10"],
  confirmToken: "tok-confirmar",
  cancelToken: "tok-cancelar",
};

let wa: Awaited<ReturnType<typeof startWhatsAppStandIn>>;
let config: WhatsAppConfig;
const configWith = (vars: Record<string, string>) =>
  whatsAppConfig({ WHATSAPP_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID, WHATSAPP_REMINDER_TEMPLATE: "lembrete_agenda", WHATSAPP_API_URL: wa.url, ...vars })!;

beforeAll(async () => {
  wa = await startWhatsAppStandIn({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID });
  config = configWith({});
});
afterEach(() => {
  wa.received.length = 0;
  wa.failNext(0);
});
afterAll(() => wa.stop());

describe("sendWhatsAppReminder", () => {
  test("an accepted message answers Meta's message id and arrives with the template's exact shape", async () => {
    const { messageId } = await sendWhatsAppReminder(config, reminder);
    expect(messageId).toMatch(/^wamid\.[\w-]+$/);
    expect(wa.received).toEqual([{
      to: "5565999991234", template: "lembrete_agenda", language: "pt_BR",
      bodyParams: reminder.bodyParams, buttonParams: ["tok-confirmar", "tok-cancelar"],
    }]);
    // Each send gets its own id: the job logs it.
    expect((await sendWhatsAppReminder(config, reminder)).messageId).not.toBe(messageId);
  });

  test("a wrong token throws with the status 401, Meta's code and message, and nothing is sent", async () => {
    const err = await sendWhatsAppReminder(configWith({ WHATSAPP_TOKEN: "EAAG-token-errado" }), reminder).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WhatsAppError);
    expect(err).toMatchObject({ status: 401, code: 190, message: "WhatsApp recusou a mensagem (401, código 190): Invalid OAuth access token" });
    expect(wa.received).toHaveLength(0);
  });

  test("another sender's phone number id is refused", async () => {
    await expect(sendWhatsAppReminder(configWith({ WHATSAPP_PHONE_NUMBER_ID: "999" }), reminder)).rejects.toMatchObject({ status: 400, code: 100 });
    expect(wa.received).toHaveLength(0);
  });

  test("a server error throws, so the job retries; the next attempt goes through", async () => {
    wa.failNext(1);
    await expect(sendWhatsAppReminder(config, reminder)).rejects.toThrow(/^WhatsApp recusou a mensagem \(500, código 2\): Service temporarily unavailable$/);
    expect(wa.received).toHaveLength(0);
    await expect(sendWhatsAppReminder(config, reminder)).resolves.toEqual({ messageId: expect.stringMatching(/^wamid\./) });
    expect(wa.received).toHaveLength(1);
  });

  test("line breaks, tabs and runs of spaces in a parameter are flattened, so the API takes it", async () => {
    const bodyParams = ["Ana", "Studio\tBela", "sexta-feira,\r\n12 de dezembro", "Corte     com Joana\n\nEscova com Rita", "  "];
    await sendWhatsAppReminder(config, { ...reminder, bodyParams });
    expect(wa.received[0].bodyParams).toEqual(["Ana", "Studio Bela", "sexta-feira, 12 de dezembro", "Corte com Joana Escova com Rita", "—"]);
  });

  test("an unreachable API throws instead of hanging", async () => {
    const closed = await startWhatsAppStandIn({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID });
    await closed.stop();
    await expect(sendWhatsAppReminder({ ...config, apiUrl: closed.url }, reminder)).rejects.toThrow();
  });
});

// The stand-in is only worth its checks: the same requests, sent raw, must be refused as Meta does.
describe("the stand-in refuses what Meta refuses", () => {
  const post = (body: unknown, token = TOKEN) =>
    fetch(`${wa.url}/${PHONE_NUMBER_ID}/messages`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  const valid = () => ({
    messaging_product: "whatsapp", recipient_type: "individual", to: "5565999991234", type: "template",
    template: {
      name: "lembrete_agenda", language: { code: "pt_BR" },
      components: [
        { type: "body", parameters: [{ type: "text", text: "Ana" }] },
        { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "c" }] },
        { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "k" }] },
      ],
    },
  });

  test("a valid request is taken, in Meta's answer shape", async () => {
    const res = await post(valid());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ messaging_product: "whatsapp", contacts: [{ input: "5565999991234", wa_id: "5565999991234" }], messages: [{ id: expect.stringMatching(/^wamid\./) }] });
  });

  test.each([
    ["a line break in a parameter", (b: ReturnType<typeof valid>) => (b.template.components[0].parameters[0].text = "Ana\nMaria")],
    ["a tab in a parameter", (b: ReturnType<typeof valid>) => (b.template.components[0].parameters[0].text = "Ana\tMaria")],
    ["five spaces in a row", (b: ReturnType<typeof valid>) => (b.template.components[0].parameters[0].text = "Ana     Maria")],
    ["an empty parameter", (b: ReturnType<typeof valid>) => (b.template.components[0].parameters[0].text = "")],
    ["a '+' in the number", (b: ReturnType<typeof valid>) => (b.to = "+5565999991234")],
    ["a number too short", (b: ReturnType<typeof valid>) => (b.to = "659999")],
    ["no template name", (b: ReturnType<typeof valid>) => (b.template.name = "")],
    ["a button without its token", (b: ReturnType<typeof valid>) => (b.template.components[2].parameters = [])],
    ["a button index as a number", (b: ReturnType<typeof valid>) => Object.assign(b.template.components[1], { index: 0 })],
    ["another messaging product", (b: ReturnType<typeof valid>) => (b.messaging_product = "sms")],
  ])("%s: 400, code 100", async (_, spoil) => {
    const body = valid();
    spoil(body);
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { message: expect.any(String), type: "OAuthException", code: 100, fbtrace_id: expect.any(String) } });
    expect(wa.received).toHaveLength(0);
  });

  test("a wrong token: 401, code 190", async () => {
    const res = await post(valid(), "outro");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 190, type: "OAuthException" } });
  });
});
