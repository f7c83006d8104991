import { formatLongDate } from "@/lib/core/format/date";
import { sendWhatsAppReminder, whatsAppConfig, whatsAppNumber } from "@/lib/notifications/whatsapp";
import { plainBusiness, plainName } from "@/emails/plain-name";
import { servicesText } from "@/emails/reminder";
import type { ReminderLinks } from "@/lib/reminder-links/tokens";
import type { AppointmentNotice } from "./queries";
import { firstName } from "@/lib/core/format/name";

/**
 * The WhatsApp channel of a reminder, when the server has the Cloud API configured and the client
 * a phone that can be a WhatsApp number: the approved template's five body parameters (README,
 * Configuration) and the two buttons' tokens.
 */
export function sendWhatsAppReminderFor(n: AppointmentNotice): { to: string; send: (t: ReminderLinks) => Promise<void> } | null {
  const config = whatsAppConfig();
  const to = n.client.phone ? whatsAppNumber(n.client.phone) : null;
  if (!config || !to) return null;
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
