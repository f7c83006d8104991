import { appUrl } from "@/lib/core/config/app-url";
import { formatLongDate } from "@/lib/core/format/date";
import type { AppointmentNotice } from "@/lib/jobs/queries";
import { detailsLayout, type Message } from "./mailer";
import { servicesText } from "./reminder";

/** What the owner hears, per kind of business_notifications row (the bell says the same). */
export const OWNER_NOTICE_TITLES: Record<string, string> = {
  online_booking: "Novo agendamento online",
  online_cancelled: "Agendamento online cancelado",
  client_confirmed: "Cliente confirmou presença",
  client_cancelled: "Cliente cancelou pelo lembrete",
};

/**
 * The owner's e-mail about what a client did by themself. It goes to the business's own owners, so
 * the names are shown as typed (escaped); the link opens the day on the agenda.
 */
export function ownerNoticeEmail(kind: string, n: AppointmentNotice, to: string): Message {
  const title = OWNER_NOTICE_TITLES[kind] ?? "Atualização de agendamento";
  const when = `${formatLongDate(n.date)}, às ${n.time}`;
  const { html, text } = detailsLayout({
    title: `${title}: ${n.client.name}`,
    intro: `${n.business.name}: ${title.toLowerCase()}.`,
    rows: [
      ["Cliente", n.client.name],
      ...(n.client.phone ? ([["Telefone", n.client.phone]] as [string, string][]) : []),
      ["Quando", when],
      ["Serviços", servicesText(n.lines)],
    ],
    actions: [{ label: "Abrir na agenda", url: `${appUrl()}/appointments?dia=${n.date}` }],
    footer: "Você recebe estes avisos porque é proprietário do negócio. Desligue-os em Meus Dados, no cartão Lembretes.",
  });
  return { to, subject: `${title}: ${n.client.name} — ${when}`, html, text };
}
