import { formatBRL } from "@/lib/core/format/money";
import { formatDuration } from "@/lib/core/format/duration";
import { formatLongDate } from "@/lib/core/format/date";
import { bookingIcs } from "@/lib/online-booking/ics";
import type { BookingView } from "@/lib/online-booking/queries";
import { totalMinutes, totalValue } from "@/lib/appointments/rules/appointment-lines";
import { esc, sendMail, type Message } from "./mailer";
import { plainName } from "./plain-name";

type BookingMail = { to: string; clientName: string; view: BookingView; link: string };

/**
 * The confirmation of an online booking: the summary, the private link (see or cancel) and the
 * booking as an .ics file. The client typed both the address and the name, so a name that is not
 * plain (a link, an address) is left out, like in every message that goes to an address typed by
 * someone (emails/plain-name.ts), and so is a business name that is not plain.
 */
export function onlineBookingEmail({ to, clientName, view, link }: BookingMail): Message {
  // The business name too is typed by whoever owns the account: in the subject only when plain.
  const business = plainName(view.business.name);
  const who = plainName(clientName);
  const services = view.lines.map((l) => l.service).join(", ");
  const professionals = [...new Set(view.lines.map((l) => l.professional).filter((p): p is string => !!p))].join(", ");
  const value = totalValue(view.lines);
  const deadline = view.business.cancelDeadlineHours;
  const rows: [string, string][] = [
    ["Quando", `${formatLongDate(view.date)}, às ${view.time}`],
    ["Serviços", services],
    ["Profissional", professionals || "A definir pelo estabelecimento"],
    ["Duração", formatDuration(totalMinutes(view.lines))],
    ...(value !== null ? ([["Valor", formatBRL(value)]] as [string, string][]) : []),
    ["Local", [business, view.business.address].filter(Boolean).join(" — ") || "Informado pelo estabelecimento"],
    ...(view.business.phone ? ([["Telefone", view.business.phone]] as [string, string][]) : []),
  ];
  const title = business ? `Agendamento solicitado: ${business}` : "Agendamento solicitado";
  const intro = `${who ? `Olá, ${who}! ` : "Olá! "}Recebemos seu agendamento. Ele está aguardando a confirmação do estabelecimento.`;
  const cancelNote = deadline > 0
    ? `Pelo link você vê o agendamento e pode cancelá-lo até ${deadline} ${deadline === 1 ? "hora" : "horas"} antes do horário.`
    : "Pelo link você vê o agendamento e pode cancelá-lo até o horário do atendimento.";
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;background:#f6f5fb;padding:24px;color:#1f1b2e">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${esc(title)}</h1>
<p style="line-height:1.5">${esc(intro)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">
${rows.map(([k, v]) => `<tr><td style="padding:6px 12px 6px 0;color:#6b6480;vertical-align:top;white-space:nowrap">${esc(k)}</td><td style="padding:6px 0">${esc(v)}</td></tr>`).join("\n")}
</table>
<p style="margin:28px 0"><a href="${esc(link)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Ver ou cancelar agendamento</a></p>
<p style="font-size:13px;color:#6b6480;line-height:1.5">${esc(cancelNote)} O arquivo anexo adiciona o horário à sua agenda. Este link é pessoal: não o compartilhe.</p>
<p style="font-size:12px;color:#8a84a0;word-break:break-all">${esc(link)}</p>
</td></tr></table></body></html>`;
  const text = `${title}\n\n${intro}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\nVer ou cancelar agendamento: ${link}\n\n${cancelNote} O arquivo anexo adiciona o horário à sua agenda. Este link é pessoal: não o compartilhe.\n`;
  return {
    to,
    subject: title,
    html,
    text,
    attachments: [{ filename: "agendamento.ics", content: bookingIcs({ ...view, business: { ...view.business, name: business } }, link), contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  };
}

export async function sendOnlineBookingEmail(mail: BookingMail): Promise<void> {
  await sendMail(onlineBookingEmail(mail));
}
