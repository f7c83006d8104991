import { formatLongDate } from "@/lib/core/format/date";
import { formatDuration } from "@/lib/core/format/duration";
import { firstName } from "@/lib/core/format/name";
import { detailsLayout, type Message, type Row } from "./mailer";
import { plainName } from "./plain-name";

export type OfferMail = {
  to: string;
  clientName: string;
  business: { name: string; address: string | null; phone: string | null };
  date: string;
  /** HH:MM */
  time: string;
  minutes: number;
  services: string[];
  professional: string;
  validMinutes: number;
  link: string;
};

/**
 * The waitlist's offer: a time that matches the client's request has freed; 'Quero este horário'
 * books it, the first to confirm keeps it, and the link holds it for `validMinutes`. The name and
 * the business name only when plain (emails/plain-name.ts): the address was typed by whoever joined.
 */
export function waitlistOfferEmail(m: OfferMail): Message {
  const business = plainName(m.business.name);
  const who = plainName(firstName(m.clientName));
  const when = `${formatLongDate(m.date)}, às ${m.time}`;
  const rows: Row[] = [
    ["Quando", when],
    ["Serviços", m.services.join(", ")],
    ["Profissional", m.professional],
    ["Duração", formatDuration(m.minutes)],
    ["Local", [business, m.business.address].filter(Boolean).join(" — ") || "Informado pelo estabelecimento"],
    ...(m.business.phone ? ([["Telefone", m.business.phone]] as Row[]) : []),
  ];
  const title = business ? `Vagou um horário em ${business}` : "Vagou um horário";
  const { html, text } = detailsLayout({
    title,
    intro: `${who ? `Olá, ${who}! ` : "Olá! "}Um horário da sua lista de espera vagou: ${when}. Quem confirmar primeiro fica com ele.`,
    rows,
    actions: [{ label: "Quero este horário", url: m.link }],
    footer: `O link vale por ${m.validMinutes} minutos; depois disso, o horário é oferecido à próxima pessoa da lista. O link é pessoal: não o compartilhe.`,
  });
  return { to: m.to, subject: title, html, text };
}
