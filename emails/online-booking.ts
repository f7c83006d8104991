import { formatBRL } from "@/lib/core/format/money";
import { formatDuration } from "@/lib/core/format/duration";
import { formatLongDate } from "@/lib/core/format/date";
import { bookingIcs } from "@/lib/online-booking/ics";
import type { BookingView } from "@/lib/online-booking/queries";
import { totalMinutes, totalValue } from "@/lib/appointments/rules/appointment-lines";
import { detailsLayout, sendMail, type Message, type Row } from "./mailer";
import { plainBusiness, plainName, plainProfessional, plainService } from "./plain-name";
import { placeText } from "./reminder";

type BookingMail = { to: string; clientName: string; view: BookingView; link: string };

/**
 * The confirmation of an online booking: the summary, the private link (see or cancel) and the
 * booking as an .ics file. The client typed both the address and the name, so a name that is not
 * plain (a link, an address) is left out, like in every message that goes to an address typed by
 * someone (emails/plain-name.ts), and so is whatever the business typed that is not plain (its name,
 * address and phone, a service's or professional's name), in the body and in the .ics alike.
 */
export function onlineBookingEmail({ to, clientName, view, link }: BookingMail): Message {
  // What the business typed (name, address, phone, services, professionals) goes in only when plain.
  const business = plainBusiness(view.business);
  const who = plainName(clientName);
  const lines = view.lines.map((l) => ({ ...l, service: plainService(l.service), professional: plainProfessional(l.professional) }));
  const services = lines.map((l) => l.service).join(", ");
  const professionals = [...new Set(lines.map((l) => l.professional).filter((p): p is string => !!p))].join(", ");
  const value = totalValue(view.lines);
  const deadline = view.business.cancelDeadlineHours;
  const rows: Row[] = [
    ["Quando", `${formatLongDate(view.date)}, às ${view.time}`],
    ["Serviços", services],
    ["Profissional", professionals || "A definir pelo estabelecimento"],
    ["Duração", formatDuration(totalMinutes(view.lines))],
    ...(value !== null ? ([["Valor", formatBRL(value)]] as Row[]) : []),
    ["Local", placeText(business)],
    ...(business.phone ? ([["Telefone", business.phone]] as Row[]) : []),
  ];
  const title = business.name ? `Agendamento solicitado: ${business.name}` : "Agendamento solicitado";
  const intro = `${who ? `Olá, ${who}! ` : "Olá! "}Recebemos seu agendamento. Ele está aguardando a confirmação do estabelecimento.`;
  const cancelNote = deadline > 0
    ? `Pelo link você vê o agendamento e pode cancelá-lo até ${deadline} ${deadline === 1 ? "hora" : "horas"} antes do horário.`
    : "Pelo link você vê o agendamento e pode cancelá-lo até o horário do atendimento.";
  const footer = `${cancelNote} O arquivo anexo adiciona o horário à sua agenda. Este link é pessoal: não o compartilhe.`;
  const { html, text } = detailsLayout({ title, intro, rows, actions: [{ label: "Ver ou cancelar agendamento", url: link }], footer });
  return {
    to,
    subject: title,
    html,
    text,
    attachments: [{ filename: "agendamento.ics", content: bookingIcs({ ...view, business, lines }, link), contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  };
}

export async function sendOnlineBookingEmail(mail: BookingMail): Promise<void> {
  await sendMail(onlineBookingEmail(mail));
}
