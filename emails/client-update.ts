import type { AppointmentNotice } from "@/lib/jobs/queries";
import { bookingIcs } from "@/lib/online-booking/ics";
import { callToCancelText } from "@/lib/reminder-links/messages";
import { detailsLayout, type Message } from "./mailer";
import { plainProfessional, plainService } from "./plain-name";
import { noticeBasics } from "./reminder";

type Told = {
  what: "booked" | "moved" | "cancelled";
  /** Each line's length, in the order of the notice's lines, for the .ics. */
  minutes: (number | null)[];
  /** The reminder's links (lib/reminder-links); `cancel` null once cancelling by link is over. None for a cancellation. */
  confirm: string | null;
  cancel: string | null;
};

const TITLES = { booked: "Agendamento marcado", moved: "Agendamento alterado", cancelled: "Agendamento cancelado" } as const;

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
  const intro = {
    booked: `${hello}O estabelecimento marcou um horário para você: ${when}.`,
    moved: `${hello}O estabelecimento mudou o seu horário. O novo horário é ${when}.`,
    cancelled: `${hello}O estabelecimento cancelou o seu horário de ${when}.`,
  }[told.what];
  const deadline = n.business.cancelDeadlineHours;
  const footer = told.what === "cancelled"
    ? `Para marcar outro horário, fale com o estabelecimento${business.phone ? `: ${business.phone}` : "."}`
    : told.cancel
      ? `${deadline > 0 ? `É possível cancelar pelo link até ${deadline} ${deadline === 1 ? "hora" : "horas"} antes do horário; depois disso, ligue para o estabelecimento.` : "É possível cancelar pelo link até o horário do atendimento."} O arquivo anexo adiciona o horário à sua agenda. Os links são pessoais: não os compartilhe.`
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
