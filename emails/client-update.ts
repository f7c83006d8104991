import type { AppointmentNotice } from "@/lib/jobs/queries";
import { bookingIcs } from "@/lib/online-booking/ics";
import { callToCancelText } from "@/lib/reminder-links/messages";
import { detailsLayout, type Message } from "./mailer";
import { plainProfessional, plainService } from "./plain-name";
import { noticeBasics } from "./reminder";

/** What the salon did to the appointment, as the client is told. */
export type ClientUpdateWhat = "booked" | "moved" | "cancelled";

type Told = {
  what: ClientUpdateWhat;
  /** Each line's length, in the order of the notice's lines, for the .ics. */
  minutes: (number | null)[];
  /** The reminder's links (lib/reminder-links); `cancel` null once cancelling by link is over. None for a cancellation. */
  confirm: string | null;
  cancel: string | null;
};

const TITLES = { booked: "Agendamento marcado", moved: "Agendamento alterado", cancelled: "Agendamento cancelado" } as const;

/**
 * The news, after its subject ('O estabelecimento', or the business's name on WhatsApp): the
 * e-mail's first line and the WhatsApp message's (lib/jobs/whatsapp-messages.ts) say the same.
 */
export function clientUpdateNews(what: ClientUpdateWhat, when: string): string {
  return {
    booked: `marcou um horário para você: ${when}`,
    moved: `mudou o seu horário. O novo horário é ${when}`,
    cancelled: `cancelou o seu horário de ${when}`,
  }[what];
}

/** After a cancellation: how to book again. */
export function rebookText(phone: string | null): string {
  return `Para marcar outro horário, fale com o estabelecimento${phone ? `: ${phone}` : "."}`;
}

/** How long 'Preciso cancelar' works: up to the business's minimum notice. */
export function cancelByLinkUntilText(deadlineHours: number): string {
  return deadlineHours > 0
    ? `É possível cancelar pelo link até ${deadlineHours} ${deadlineHours === 1 ? "hora" : "horas"} antes do horário`
    : "É possível cancelar pelo link até o horário do atendimento";
}

/**
 * What the client is told when the salon books, moves or cancels (lib/jobs/client-update.ts): the
 * date and time, the services and place, the .ics (not for a cancellation), and the reminder's
 * 'Preciso cancelar' only while cancelling by link is allowed, else to call, with the phone. What
 * people typed goes in only when plain (emails/plain-name.ts), as in every message.
 */
export function clientUpdateEmail(n: AppointmentNotice, to: string, told: Told): Message {
  const { business, who, when, rows } = noticeBasics(n);
  const title = business.name ? `${TITLES[told.what]}: ${business.name}` : TITLES[told.what];
  const hello = who ? `Olá, ${who}! ` : "Olá! ";
  const intro = `${hello}O estabelecimento ${clientUpdateNews(told.what, when)}.`;
  const deadline = n.business.cancelDeadlineHours;
  const footer = told.what === "cancelled"
    ? rebookText(business.phone)
    : told.cancel
      ? `${cancelByLinkUntilText(deadline)}${deadline > 0 ? "; depois disso, ligue para o estabelecimento." : "."} O arquivo anexo adiciona o horário à sua agenda. Os links são pessoais: não os compartilhe.`
      : `${callToCancelText(deadline, business.phone).replace(/[^.]$/, "$&.")} O arquivo anexo adiciona o horário à sua agenda.`;
  const actions = [
    ...(told.confirm ? [{ label: "Confirmar presença", url: told.confirm }] : []),
    ...(told.cancel ? [{ label: "Preciso cancelar", url: told.cancel }] : []),
  ];
  const { html, text } = detailsLayout({ title, intro, rows, actions, footer });
  if (told.what === "cancelled" || !told.confirm) return { to, subject: title, html, text };
  const lines = n.lines.map((l, i) => ({
    service: plainService(l.service), professional: plainProfessional(l.professional), durationMinutes: told.minutes[i] ?? null,
  }));
  const ics = bookingIcs({ appointmentId: n.appointmentId, date: n.date, time: n.time, statusId: n.statusId, business, lines }, told.cancel ?? told.confirm);
  return { to, subject: title, html, text, attachments: [{ filename: "agendamento.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }] };
}
