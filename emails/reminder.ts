import { formatLongDate } from "@/lib/core/format/date";
import type { AppointmentNotice } from "@/lib/jobs/queries";
import { firstName } from "@/lib/core/format/name";
import { detailsLayout, type Message, type Row } from "./mailer";
import { plainName } from "./plain-name";

/** Services with who does them: 'Corte (Ana), Barba (João)'. */
export function servicesText(lines: AppointmentNotice["lines"]): string {
  return lines.map((l) => (l.professional ? `${l.service} (${l.professional})` : l.service)).join(", ");
}

/**
 * The client's reminder: the business, when (business zone), the services and professionals, the
 * address, and the two links — 'Confirmar presença' and 'Preciso cancelar' — each its own token.
 * The business name goes to the client's address: only when plain (emails/plain-name.ts).
 */
export function reminderEmail(n: AppointmentNotice, to: string, links: { confirm: string; cancel: string }): Message {
  const business = plainName(n.business.name);
  const who = plainName(firstName(n.client.name));
  const when = `${formatLongDate(n.date)}, às ${n.time}`;
  const rows: Row[] = [
    ["Quando", when],
    ["Serviços", servicesText(n.lines)],
    ["Local", [business, n.business.address].filter(Boolean).join(" — ") || "Informado pelo estabelecimento"],
    ...(n.business.phone ? ([["Telefone", n.business.phone]] as Row[]) : []),
  ];
  const title = business ? `Lembrete: seu horário em ${business}` : "Lembrete do seu horário";
  const deadline = n.business.cancelDeadlineHours;
  const footer =
    (deadline > 0
      ? `É possível cancelar pelo link até ${deadline} ${deadline === 1 ? "hora" : "horas"} antes do horário; depois disso, ligue para o estabelecimento.`
      : "É possível cancelar pelo link até o horário do atendimento.") + " Os links são pessoais: não os compartilhe.";
  const { html, text } = detailsLayout({
    title,
    intro: `${who ? `Olá, ${who}! ` : "Olá! "}Este é um lembrete do seu horário: ${when}.`,
    rows,
    actions: [
      { label: "Confirmar presença", url: links.confirm },
      { label: "Preciso cancelar", url: links.cancel },
    ],
    footer,
  });
  return { to, subject: title, html, text };
}
