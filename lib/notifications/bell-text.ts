import { BUSINESS_TZ, parseDateOnly } from "@/lib/core/time/business-date";

/**
 * The bell's lines, pure (the menu renders them; tests pin them): what happened, to whom, and
 * when the appointment is, in the words a receptionist would say it.
 */
export type BellLineInput = { kind: string; clientName: string; date: string; time: string; reason?: string | null; count?: number };

/** Why a business's messages were not sent, as the bell says it (lib/notifications/deliver.ts). */
export const SKIP_REASON_TEXTS: Record<string, string> = {
  owner_unconfirmed: "confirme seu e-mail para enviar mensagens aos clientes",
  daily_cap: "limite diário de mensagens atingido",
};

/** "Mensagem não enviada: …", "3 mensagens não enviadas: …". */
export function skippedLine(reason: string | null | undefined, count = 1): string {
  const why = SKIP_REASON_TEXTS[reason ?? ""] ?? "tente novamente mais tarde";
  return count > 1 ? `${count} mensagens não enviadas: ${why}` : `Mensagem não enviada: ${why}`;
}

// A wall-clock day named at its UTC noon is that same day, whatever the zone (as lib/core/format/date.ts).
const WEEKDAY = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", weekday: "short" });
const DAY_MONTH = new Intl.DateTimeFormat("pt-BR", { timeZone: BUSINESS_TZ, day: "2-digit", month: "2-digit" });
const two = (n: number) => String(n).padStart(2, "0");

/** "sáb. 29/11 às 14:00" for an appointment's date and time. */
export function appointmentWhen(date: string, time: string): string {
  try {
    const { year, month, day } = parseDateOnly(date);
    return `${WEEKDAY.format(Date.UTC(year, month - 1, day, 12))} ${two(day)}/${two(month)} às ${time}`;
  } catch {
    return time;
  }
}

/**
 * "Novo agendamento online: Ana Souza, sáb. 29/11 às 14:00", "Ana Souza confirmou presença: sáb.
 * 29/11 às 14:00", "Ana Souza cancelou: …", "Agendamento online cancelado: Ana Souza, …"; and the
 * day's messages that were not sent: "Mensagem não enviada: limite diário de mensagens atingido".
 */
export function bellLine(n: BellLineInput): string {
  if (n.kind === "message_skipped") return skippedLine(n.reason, n.count);
  const when = appointmentWhen(n.date, n.time);
  switch (n.kind) {
    case "online_booking":
      return `Novo agendamento online: ${n.clientName}, ${when}`;
    case "online_cancelled":
      return `Agendamento online cancelado: ${n.clientName}, ${when}`;
    case "client_confirmed":
      return `${n.clientName} confirmou presença: ${when}`;
    case "client_cancelled":
      return `${n.clientName} cancelou: ${when}`;
    default:
      return `${n.clientName}: ${when}`;
  }
}

/** Where an item leads: a client's event opens its day on the agenda; messages not sent, Meus Dados (its 'Lembretes' card). */
export function bellHref(n: { kind: string; date: string }): string {
  return n.kind === "message_skipped" ? "/business-profile" : `/appointments?dia=${n.date}`;
}

/** An instant as PostgreSQL writes it as text ("2026-11-29 14:00:05.123+00") or as ISO. */
function instantMs(value: string): number {
  const iso = value.trim().replace(" ", "T").replace(/([+-]\d{2})(?::?(\d{2}))?$/, (_, h: string, m?: string) => `${h}:${m ?? "00"}`);
  return Date.parse(iso);
}

/** How long ago it came: "agora", "há 5 min", "há 3 h", "há 1 dia", "há 4 dias", then its day ("em 12/11", business zone). */
export function timeAgo(createdAt: string, now: number = Date.now()): string {
  const ms = instantMs(createdAt);
  if (Number.isNaN(ms)) return "";
  const minutes = Math.floor(Math.max(0, now - ms) / 60_000);
  if (minutes < 1) return "agora";
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${hours} h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `há ${days} ${days === 1 ? "dia" : "dias"}`;
  return `em ${DAY_MONTH.format(ms)}`;
}
