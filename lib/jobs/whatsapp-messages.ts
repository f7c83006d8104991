/** The WhatsApp messages about one appointment: the reminder and the salon's changes, and the one rule of who may get them. */
import { formatLongDate } from "@/lib/core/format/date";
import {
  sendWhatsAppClientUpdate, sendWhatsAppReminder, whatsAppConfig, whatsAppNumber, type WhatsAppConfig,
} from "@/lib/notifications/whatsapp";
import { cancelByLinkUntilText, clientUpdateNews, rebookText, type ClientUpdateWhat } from "@/emails/client-update";
import { plainBusiness, plainName } from "@/emails/plain-name";
import { servicesText } from "@/emails/reminder";
import { callToCancelText } from "@/lib/reminder-links/messages";
import type { ReminderLinks } from "@/lib/reminder-links/tokens";
import type { AppointmentNotice } from "./queries";
import { firstName } from "@/lib/core/format/name";

/**
 * Whether a message about this appointment may go by WhatsApp, and to which number: the business
 * chose the 'WhatsApp' channel on its 'Lembretes' card, the server has the Cloud API configured,
 * and the client has a phone that can be a WhatsApp number. The one rule of the reminder and of
 * the salon's changes told to the client.
 */
export function whatsAppRecipient(n: AppointmentNotice): { config: WhatsAppConfig; to: string } | null {
  if (!n.settings.channels.includes("whatsapp")) return null;
  const config = whatsAppConfig();
  const to = n.client.phone ? whatsAppNumber(n.client.phone) : null;
  return config && to ? { config, to } : null;
}

/**
 * The WhatsApp channel of a reminder, by the rule above: the approved template's five body
 * parameters (README, Configuration) and the two buttons' tokens.
 */
export function sendWhatsAppReminderFor(n: AppointmentNotice): { to: string; send: (t: ReminderLinks) => Promise<void> } | null {
  const wa = whatsAppRecipient(n);
  if (!wa) return null;
  const { config, to } = wa;
  // What was typed by people goes in only when plain (emails/plain-name.ts), as in the e-mail.
  const business = plainBusiness(n.business);
  const bodyParams = [
    plainName(firstName(n.client.name)) || "cliente",
    business.name || "—",
    `${formatLongDate(n.date)}, às ${n.time}`,
    servicesText(n.lines) || "—",
    business.address || "—",
  ];
  return {
    to,
    send: async (t) => {
      // The template's 'Preciso cancelar' button is fixed: its link is always made (lib/jobs/reminder.ts).
      if (!t.cancel) throw new Error("O lembrete por WhatsApp precisa do link 'Preciso cancelar'.");
      await sendWhatsAppReminder(config, { to, bodyParams, confirmToken: t.confirm, cancelToken: t.cancel });
    },
  };
}

/**
 * The five body parameters of a client update (lib/jobs/client-update.ts; README, Configuration:
 * WHATSAPP_CLIENT_UPDATE_TEMPLATE): the first name, who ('Studio Bela', or 'O estabelecimento'),
 * the news with the new date and time (the e-mail's own words), the services with their
 * professionals, and how to cancel — the link while cancelling by link is allowed (`cancelUrl`),
 * else to call, with the phone — or, for a cancellation, how to book again.
 */
export function clientUpdateParams(n: AppointmentNotice, what: ClientUpdateWhat, cancelUrl: string | null): string[] {
  const business = plainBusiness(n.business);
  const deadline = n.business.cancelDeadlineHours;
  const closing = what === "cancelled"
    ? rebookText(business.phone)
    : cancelUrl
      ? `${cancelByLinkUntilText(deadline)}: ${cancelUrl}`
      : callToCancelText(deadline, business.phone);
  return [
    plainName(firstName(n.client.name)) || "cliente",
    business.name || "O estabelecimento",
    clientUpdateNews(what, `${formatLongDate(n.date)}, às ${n.time}`),
    servicesText(n.lines) || "—",
    closing,
  ];
}

/**
 * The WhatsApp channel of a client update: by the reminder's rule (whatsAppRecipient) and only
 * with its own approved template configured (WHATSAPP_CLIENT_UPDATE_TEMPLATE); null otherwise,
 * and the client hears by e-mail only.
 */
export function sendWhatsAppClientUpdateFor(n: AppointmentNotice): { to: string; send: (what: ClientUpdateWhat, cancelUrl: string | null) => Promise<void> } | null {
  const wa = whatsAppRecipient(n);
  const template = wa?.config.clientUpdateTemplate;
  if (!wa || !template) return null;
  const config = { ...wa.config, clientUpdateTemplate: template };
  return {
    to: wa.to,
    send: async (what, cancelUrl) => void (await sendWhatsAppClientUpdate(config, { to: wa.to, bodyParams: clientUpdateParams(n, what, cancelUrl) })),
  };
}
