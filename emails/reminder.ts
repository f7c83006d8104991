import { formatLongDate } from "@/lib/core/format/date";
import type { AppointmentNotice } from "@/lib/jobs/queries";
import { callToCancelText } from "@/lib/reminder-links/messages";
import { firstName } from "@/lib/core/format/name";
import { detailsLayout, type Message, type Row } from "./mailer";
import { plainBusiness, plainName, plainProfessional, plainService } from "./plain-name";

/**
 * Services with who does them: 'Corte (Ana), Barba (João)', each name only when plain
 * (emails/plain-name.ts: a service with a link reads 'Serviço', such a professional is left out).
 */
export function servicesText(lines: AppointmentNotice["lines"]): string {
  return lines
    .map((l) => {
      const service = plainService(l.service);
      const professional = plainProfessional(l.professional);
      return professional ? `${service} (${professional})` : service;
    })
    .join(", ");
}

/** 'Studio Bela — Rua das Flores, 10', from what of the two is plain. */
export function placeText(business: { name: string | null; address: string | null }): string {
  return [business.name, business.address].filter(Boolean).join(" — ") || "Informado pelo estabelecimento";
}

/**
 * The client's reminder: the business, when (business zone), the services and professionals, the
 * address, and its links — 'Confirmar presença', and 'Preciso cancelar' while cancelling by link is
 * still allowed (`links.cancel` null after the business's minimum notice: the message says to call,
 * with the phone, as the link's page would) — each its own token.
 * What the business typed goes to the client's address: only what is plain (emails/plain-name.ts).
 */
/** What every message about one appointment starts from: the plain business, the client's first name, when, and the rows. */
export function noticeBasics(n: AppointmentNotice) {
  const business = plainBusiness(n.business);
  const who = plainName(firstName(n.client.name));
  const when = `${formatLongDate(n.date)}, às ${n.time}`;
  const rows: Row[] = [
    ["Quando", when],
    ["Serviços", servicesText(n.lines)],
    ["Local", placeText(business)],
    ...(business.phone ? ([["Telefone", business.phone]] as Row[]) : []),
  ];
  return { business, who, when, rows };
}

export function reminderEmail(n: AppointmentNotice, to: string, links: { confirm: string; cancel: string | null }): Message {
  const { business, who, when, rows } = noticeBasics(n);
  const title = business.name ? `Lembrete: seu horário em ${business.name}` : "Lembrete do seu horário";
  const deadline = n.business.cancelDeadlineHours;
  const footer = links.cancel
    ? (deadline > 0
        ? `É possível cancelar pelo link até ${deadline} ${deadline === 1 ? "hora" : "horas"} antes do horário; depois disso, ligue para o estabelecimento.`
        : "É possível cancelar pelo link até o horário do atendimento.") + " Os links são pessoais: não os compartilhe."
    : `${callToCancelText(deadline, business.phone).replace(/[^.]$/, "$&.")} O link é pessoal: não o compartilhe.`;
  const { html, text } = detailsLayout({
    title,
    intro: `${who ? `Olá, ${who}! ` : "Olá! "}Este é um lembrete do seu horário: ${when}.`,
    rows,
    actions: [
      { label: "Confirmar presença", url: links.confirm },
      ...(links.cancel ? [{ label: "Preciso cancelar", url: links.cancel }] : []),
    ],
    footer,
  });
  return { to, subject: title, html, text };
}
