import { appUrl } from "@/lib/core/config/app-url";
import { formatLongDate } from "@/lib/core/format/date";
import type { DaySummary } from "@/lib/jobs/queries";
import { detailsLayout, type Message } from "./mailer";
import { plainName } from "./plain-name";

/** The owner's morning summary of the business's day; the business's name only when plain (emails/plain-name.ts). */
export function dailySummaryEmail(opts: { to: string; businessName: string; date: string; summary: DaySummary }): Message {
  const { summary: s } = opts;
  const business = plainName(opts.businessName);
  const title = business ? `Resumo do dia: ${business}` : "Resumo do dia";
  const intro = s.total
    ? `Hoje, ${formatLongDate(opts.date)}, há ${s.total} ${s.total === 1 ? "agendamento" : "agendamentos"}.`
    : `Hoje, ${formatLongDate(opts.date)}, não há agendamentos.`;
  const { html, text } = detailsLayout({
    title,
    intro,
    rows: s.total
      ? [
          ["Agendamentos", String(s.total)],
          ["Pendentes de confirmação", String(s.pending)],
          ["Primeiro horário", s.first ?? "—"],
          ["Último horário", s.last ?? "—"],
        ]
      : [],
    actions: [{ label: "Abrir a agenda", url: `${appUrl()}/appointments?dia=${opts.date}` }],
    footer: "Você recebe este resumo porque o ativou em Meus Dados, no cartão Lembretes.",
  });
  return { to: opts.to, subject: title, html, text };
}
