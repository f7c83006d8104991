import { formatLongDate } from "@/lib/core/format/date";
import { formatDuration } from "@/lib/core/format/duration";
import { firstName } from "@/lib/core/format/name";
import { detailsLayout, type Message, type Row } from "./mailer";
import { plainBusiness, plainName, plainProfessional, plainService } from "./plain-name";
import { placeText } from "./reminder";

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
 * what the business typed (its name, address, phone, services, professional) only when plain
 * (emails/plain-name.ts): the address was typed by whoever joined.
 */
export function waitlistOfferEmail(m: OfferMail): Message {
  const business = plainBusiness(m.business);
  const who = plainName(firstName(m.clientName));
  const professional = plainProfessional(m.professional);
  const when = `${formatLongDate(m.date)}, às ${m.time}`;
  const rows: Row[] = [
    ["Quando", when],
    ["Serviços", m.services.map(plainService).join(", ")],
    ...(professional ? ([["Profissional", professional]] as Row[]) : []),
    ["Duração", formatDuration(m.minutes)],
    ["Local", placeText(business)],
    ...(business.phone ? ([["Telefone", business.phone]] as Row[]) : []),
  ];
  const title = business.name ? `Vagou um horário em ${business.name}` : "Vagou um horário";
  const { html, text } = detailsLayout({
    title,
    intro: `${who ? `Olá, ${who}! ` : "Olá! "}Um horário da sua lista de espera vagou: ${when}. Quem confirmar primeiro fica com ele.`,
    rows,
    actions: [{ label: "Quero este horário", url: m.link }],
    footer: `O link vale por ${m.validMinutes} minutos; depois disso, o horário é oferecido à próxima pessoa da lista. O link é pessoal: não o compartilhe.`,
  });
  return { to: m.to, subject: title, html, text };
}
