import { appUrl } from "@/lib/core/config/app-url";
import { formatLongDate } from "@/lib/core/format/date";
import type { AppointmentNotice } from "@/lib/jobs/queries";
import { detailsLayout, type Message } from "./mailer";
import { plainName, plainPhone } from "./plain-name";
import { servicesText } from "./reminder";

/** What the owner hears, per kind of business_notifications row (the bell says the same). */
export const OWNER_NOTICE_TITLES: Record<string, string> = {
  online_booking: "Novo agendamento online",
  online_cancelled: "Agendamento online cancelado",
  client_confirmed: "Cliente confirmou presença",
  client_cancelled: "Cliente cancelou pelo lembrete",
};

/**
 * The owner's e-mail about what a client did by themself; the link opens the day on the agenda.
 * The client's name and phone were typed by whoever booked on the public page (anyone), and the
 * business's and services' names by an owner: each goes in only when plain (emails/plain-name.ts).
 */
export function ownerNoticeEmail(kind: string, n: AppointmentNotice, to: string): Message {
  const title = OWNER_NOTICE_TITLES[kind] ?? "Atualização de agendamento";
  const when = `${formatLongDate(n.date)}, às ${n.time}`;
  const client = plainName(n.client.name) ?? "Cliente";
  const phone = plainPhone(n.client.phone);
  const business = plainName(n.business.name);
  const { html, text } = detailsLayout({
    title: `${title}: ${client}`,
    intro: business ? `${business}: ${title.toLowerCase()}.` : `${title}.`,
    rows: [
      ["Cliente", client],
      ...(phone ? ([["Telefone", phone]] as [string, string][]) : []),
      ["Quando", when],
      ["Serviços", servicesText(n.lines)],
    ],
    actions: [{ label: "Abrir na agenda", url: `${appUrl()}/appointments?dia=${n.date}` }],
    footer: "Você recebe estes avisos porque é proprietário do negócio. Desligue-os em Meus Dados, no cartão Lembretes.",
  });
  return { to, subject: `${title}: ${client} — ${when}`, html, text };
}
