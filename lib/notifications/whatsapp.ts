/**
 * Reminders through the WhatsApp Cloud API (Meta): one approved template message per reminder,
 * its body's five parameters and its two URL buttons ('Confirmar presença', 'Preciso cancelar')
 * whose dynamic suffix is the link's token (README, Configuration). No `server-only`: the job workers
 * load it under plain tsx.
 */
import { localPhoneDigits } from "@/lib/core/format/phone";

export type WhatsAppConfig = {
  token: string; phoneNumberId: string; reminderTemplate: string; language: string; apiUrl: string;
  /** The waitlist offer's approved template (WHATSAPP_WAITLIST_TEMPLATE); unset: offers go by e-mail only. */
  waitlistTemplate: string | null;
  /** The salon's bookings, moves and cancellations told to the client (WHATSAPP_CLIENT_UPDATE_TEMPLATE); unset: by e-mail only. */
  clientUpdateTemplate: string | null;
};

/** The configuration when the three required variables are set; null turns the channel off. */
export function whatsAppConfig(env: Record<string, string | undefined> = process.env): WhatsAppConfig | null {
  const token = env.WHATSAPP_TOKEN?.trim();
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  const reminderTemplate = env.WHATSAPP_REMINDER_TEMPLATE?.trim();
  if (!token || !phoneNumberId || !reminderTemplate) return null;
  return {
    token, phoneNumberId, reminderTemplate,
    waitlistTemplate: env.WHATSAPP_WAITLIST_TEMPLATE?.trim() || null,
    clientUpdateTemplate: env.WHATSAPP_CLIENT_UPDATE_TEMPLATE?.trim() || null,
    language: env.WHATSAPP_TEMPLATE_LANGUAGE?.trim() || "pt_BR",
    apiUrl: (env.WHATSAPP_API_URL?.trim() || "https://graph.facebook.com/v21.0").replace(/\/+$/, ""),
  };
}

/**
 * A Brazilian phone as stored → the API's number (country code, no '+'); null when it can't be one.
 * Client phones are free text, so this applies the online booking's rule (isBrazilianPhone: DDD
 * without a zero digit, a mobile's 11 digits starting with 9, no 0/1 service numbers) rather than
 * spend a paid message, and a retry, on a number Meta would refuse. That rule is not imported:
 * it sits behind zod and the booking module, which the job worker need not load.
 */
export function whatsAppNumber(phone: string): string | null {
  let d = localPhoneDigits(phone);
  // People write the long-distance trunk zero: "(065) 99999-1234".
  if ((d.length === 11 || d.length === 12) && d.startsWith("0")) d = d.slice(1);
  if (d.length !== 10 && d.length !== 11) return null;
  if (d[0] === "0" || d[1] === "0") return null;
  if (d.length === 11 ? d[2] !== "9" : d[2] < "2") return null;
  return `55${d}`;
}

/** Meta's cap on one body parameter, in characters. */
export const TEMPLATE_PARAM_MAX = 1024;

/**
 * WhatsApp refuses a template parameter with a line break, a tab or more than 4 spaces in a row,
 * and an empty one: any run of whitespace (non-breaking and Unicode separators too) becomes one
 * space, and the cap counts code points so an emoji is never cut in half.
 */
export function templateText(value: string): string {
  const text = Array.from(value.replace(/\s+/g, " ").trim()).slice(0, TEMPLATE_PARAM_MAX).join("").trim();
  return text || "—";
}

/** A refusal of the Cloud API: its HTTP status and Meta's error code, for the job's log and retry. */
export class WhatsAppError extends Error {
  constructor(readonly status: number, readonly code: number | undefined, apiMessage: string | undefined) {
    super(`WhatsApp recusou a mensagem (${status}${code ? `, código ${code}` : ""}): ${apiMessage ?? "sem resposta"}`);
    this.name = "WhatsAppError";
  }
}

export type WhatsAppReminder = { to: string; bodyParams: string[]; confirmToken: string; cancelToken: string };

/**
 * A template message as the Cloud API documents it: the body's parameters (made acceptable by
 * templateText) and one URL button per token, in order.
 */
function templateMessage(template: string, config: WhatsAppConfig, to: string, bodyParams: string[], buttonTokens: string[]) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: {
      name: template,
      language: { code: config.language },
      components: [
        { type: "body", parameters: bodyParams.map((text) => ({ type: "text", text: templateText(text) })) },
        ...buttonTokens.map((token, index) => ({ type: "button", sub_type: "url", index: String(index), parameters: [{ type: "text", text: token }] })),
      ],
    },
  };
}

/** The request body of one reminder: its two buttons, 'Confirmar presença' and 'Preciso cancelar'. */
export function reminderRequestBody(config: WhatsAppConfig, m: WhatsAppReminder) {
  return templateMessage(config.reminderTemplate, config, m.to, m.bodyParams, [m.confirmToken, m.cancelToken]);
}

export type WhatsAppOffer = { to: string; bodyParams: string[]; token: string };

/** The request body of one waitlist offer: its one button, 'Quero este horário'. */
export function offerRequestBody(config: WhatsAppConfig & { waitlistTemplate: string }, m: WhatsAppOffer) {
  return templateMessage(config.waitlistTemplate, config, m.to, m.bodyParams, [m.token]);
}

/** Sends one waitlist offer; a refusal throws as a reminder's does. */
export async function sendWhatsAppOffer(config: WhatsAppConfig & { waitlistTemplate: string }, m: WhatsAppOffer): Promise<{ messageId: string }> {
  return post(config, offerRequestBody(config, m));
}

export type WhatsAppClientUpdate = { to: string; bodyParams: string[] };

/**
 * The request body of one client update (lib/jobs/client-update.ts): no buttons, since a template's
 * buttons are fixed and a cancellation, or a change told after the cancel notice, has no link; the
 * cancel link, when there is one, is in the body's last parameter.
 */
export function clientUpdateRequestBody(config: WhatsAppConfig & { clientUpdateTemplate: string }, m: WhatsAppClientUpdate) {
  return templateMessage(config.clientUpdateTemplate, config, m.to, m.bodyParams, []);
}

/** Sends one client update; a refusal throws as a reminder's does. */
export async function sendWhatsAppClientUpdate(config: WhatsAppConfig & { clientUpdateTemplate: string }, m: WhatsAppClientUpdate): Promise<{ messageId: string }> {
  return post(config, clientUpdateRequestBody(config, m));
}

/** Sends one reminder; a refusal throws with the API's status and message, so the job retries. */
export async function sendWhatsAppReminder(config: WhatsAppConfig, m: WhatsAppReminder): Promise<{ messageId: string }> {
  return post(config, reminderRequestBody(config, m));
}

async function post(config: WhatsAppConfig, payload: unknown): Promise<{ messageId: string }> {
  const res = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => null)) as { messages?: { id: string }[]; error?: { message?: string; code?: number } } | null;
  if (!res.ok || !body?.messages?.[0]?.id) throw new WhatsAppError(res.status, body?.error?.code, body?.error?.message);
  return { messageId: body.messages[0].id };
}
