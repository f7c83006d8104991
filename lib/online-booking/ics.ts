/**
 * The calendar file attached to the booking e-mail. The start is the business's wall-clock time
 * (America/Cuiaba) turned into its instant, written in UTC: every calendar app then shows it at the
 * right hour in its own zone, whatever the server's zone was.
 */
import { createEvent } from "ics";
import { totalMinutes } from "@/lib/appointments/rules/appointment-lines";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { STATUS } from "@/lib/appointments/status";

export type IcsBooking = {
  appointmentId: string;
  date: string;
  /** HH:MM in the business zone. */
  time: string;
  statusId: number;
  /** Each null when not plain enough to repeat (emails/plain-name.ts); the lines' names made plain too. */
  business: { name: string | null; phone: string | null; address: string | null };
  lines: { service: string; durationMinutes: number | null; professional: string | null }[];
};

export function bookingIcs(b: IcsBooking, link: string): string {
  const services = b.lines.map((l) => l.service).join(" + ");
  const who = [...new Set(b.lines.map((l) => l.professional).filter(Boolean))].join(", ");
  const { error, value } = createEvent({
    uid: `${b.appointmentId}@agenda`,
    productId: "agenda/agendamento-online",
    method: "PUBLISH",
    start: businessDateTimeToInstant(b.date, b.time).getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: totalMinutes(b.lines) },
    title: b.business.name ? `${services} — ${b.business.name}` : services,
    description: [
      `${services}${who ? ` com ${who}` : ""}.`,
      b.business.phone ? `Telefone: ${b.business.phone}` : null,
      `Ver ou cancelar: ${link}`,
    ].filter(Boolean).join("\n"),
    location: b.business.address ?? undefined,
    url: link,
    status: b.statusId === STATUS.cancelado ? "CANCELLED" : b.statusId === STATUS.confirmado ? "CONFIRMED" : "TENTATIVE",
    busyStatus: "BUSY",
  });
  if (error || !value) throw error ?? new Error("ics vazio");
  return value;
}
