/**
 * Reminders through the WhatsApp Cloud API (Meta): one approved template message per reminder,
 * its body's five parameters and its two URL buttons ('Confirmar presença', 'Preciso cancelar')
 * whose dynamic suffix is the link's token (README "WhatsApp"). No `server-only`: the job workers
 * load it under plain tsx.
 */
import { localPhoneDigits } from "@/lib/core/format/phone";

export type WhatsAppConfig = { token: string; phoneNumberId: string; reminderTemplate: string; language: string; apiUrl: string };

/** The configuration when the three required variables are set; null turns the channel off. */
export function whatsAppConfig(env: Record<string, string | undefined> = process.env): WhatsAppConfig | null {
  const token = env.WHATSAPP_TOKEN?.trim();
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  const reminderTemplate = env.WHATSAPP_REMINDER_TEMPLATE?.trim();
  if (!token || !phoneNumberId || !reminderTemplate) return null;
  return {
    token, phoneNumberId, reminderTemplate,
    language: env.WHATSAPP_TEMPLATE_LANGUAGE?.trim() || "pt_BR",
    apiUrl: (env.WHATSAPP_API_URL?.trim() || "https://graph.facebook.com/v21.0").replace(/\/+$/, ""),
  };
}

/** A Brazilian phone as stored → the API's number (country code, no '+'); null when it can't be one. */
export function whatsAppNumber(phone: string): string | null {
  const local = localPhoneDigits(phone);
  return local.length === 10 || local.length === 11 ? `55${local}` : null;
}

/** WhatsApp refuses a template parameter with a line break, a tab or more than 4 spaces in a row. */
export function templateText(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").replace(/ {2,}/g, " ").trim().slice(0, 1024) || "—";
}

export type WhatsAppReminder = { to: string; bodyParams: string[]; confirmToken: string; cancelToken: string };

/** The request body of one reminder, as the Cloud API documents a template message. */
export function reminderRequestBody(config: WhatsAppConfig, m: WhatsAppReminder) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: m.to,
    type: "template",
    template: {
      name: config.reminderTemplate,
      language: { code: config.language },
      components: [
        { type: "body", parameters: m.bodyParams.map((text) => ({ type: "text", text: templateText(text) })) },
        { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: m.confirmToken }] },
        { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: m.cancelToken }] },
      ],
    },
  };
}

/** Sends one reminder; a refusal throws with the API's status and message, so the job retries. */
export async function sendWhatsAppReminder(config: WhatsAppConfig, m: WhatsAppReminder): Promise<{ messageId: string }> {
  const res = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
    body: JSON.stringify(reminderRequestBody(config, m)),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => null)) as { messages?: { id: string }[]; error?: { message?: string; code?: number } } | null;
  if (!res.ok || !body?.messages?.[0]?.id) {
    throw new Error(`WhatsApp recusou a mensagem (${res.status}${body?.error?.code ? `, código ${body.error.code}` : ""}): ${body?.error?.message ?? "sem resposta"}`);
  }
  return { messageId: body.messages[0].id };
}
