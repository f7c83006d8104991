/**
 * One professional's calendar feed as an RFC 5545 calendar (ical-generator). Pure: the route handler
 * (feed-handler.ts) and the tests share it, and the same rows always make the same text (no "now"
 * in it), so its hash is the feed's ETag.
 *
 * What an event shows is the client's first name and the services, never a phone or an e-mail: the
 * address lives on phones and in third-party calendar servers (Google, Apple), where anyone who sees
 * it, or the server that polls it, reads everything in it (docs/features/catalog.md, 'Link da agenda (iCal)').
 */
import { firstName } from "@/lib/core/format/name";
import { escape, ICalCalendar, ICalEventStatus, ICalEventTransparency } from "ical-generator";
import { serviceMinutes } from "@/lib/appointments/rules/appointment-lines";
import { STATUS, statusMeta } from "@/lib/appointments/status";
import { addDays, BUSINESS_TZ } from "@/lib/core/time/business-date";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { toSingleLine } from "@/lib/core/validation/single-line";

/** From 30 days back to 90 days ahead of the business's today, both included. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 90;

export function feedWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, FEED_DAYS_AHEAD) };
}

/** The professional's part of one appointment, as the feed query reads it. */
export type FeedAppointment = {
  id: string;
  /** YYYY-MM-DD and HH:MM on the business's wall clock. */
  date: string;
  time: string;
  statusId: number;
  /** appointments.revision: one more on every change (migration 0028). */
  revision: number;
  createdAt: Date;
  updatedAt: Date;
  clientName: string;
  /** This professional's services in it, in the agenda's order, with their durations. */
  services: { name: string; durationMinutes: number | null }[];
  /** This professional's block in it, in minutes from its time (professionalSpans over all its lines); absent: their services from its time. */
  span?: { start: number; end: number };
};

/** A time off of the professional ('Folgas e férias'): whole days when the times are null. */
export type FeedTimeOff = { id: string; startDate: string; endDate: string; startTime: string | null; endTime: string | null; createdAt: Date };

/** What a time off's event says: no reason (it may be a doctor's visit, and the feed lives on others' servers). */
export const TIME_OFF_SUMMARY = "Folga";

export type FeedOwner = { professionalId: string; professionalName: string; businessName: string };

/** The client's first name; 'Cliente' when there is no name to take. */
export function clientFirstName(name: string): string {
  return firstName(name) || "Cliente";
}

/** "Maria — Corte + Escova": what the phone's calendar shows. */
export function eventSummary(a: Pick<FeedAppointment, "clientName" | "services">): string {
  const services = a.services.map((s) => s.name.trim()).filter(Boolean);
  return services.length ? `${clientFirstName(a.clientName)} — ${services.join(" + ")}` : clientFirstName(a.clientName);
}

/** pendente → TENTATIVE, cancelado → CANCELLED (so subscribed calendars remove it), the rest CONFIRMED. */
export function eventStatus(statusId: number): ICalEventStatus {
  if (statusId === STATUS.cancelado) return ICalEventStatus.CANCELLED;
  if (statusId === STATUS.pendente) return ICalEventStatus.TENTATIVE;
  return ICalEventStatus.CONFIRMED;
}

/**
 * The event's UID: stable for the appointment and this professional. The professional's id is in it
 * because an appointment with two professionals is in both feeds, and one person may subscribe to
 * both (the owner): calendars merge events of one UID.
 */
export function eventUid(appointmentId: string, professionalId: string): string {
  return `${appointmentId}-${professionalId}@agenda`;
}

/**
 * The professional's busy time in the appointment: their block (`span`, 'em seguida' counted), or
 * their services one after another from its time (60 min without a duration, at least 1).
 */
export function eventSpan(a: Pick<FeedAppointment, "date" | "time" | "services" | "span">): { start: Date; end: Date } {
  const at = businessDateTimeToInstant(a.date, a.time).getTime();
  const span = a.span ?? { start: 0, end: Math.max(1, a.services.reduce((sum, s) => sum + serviceMinutes(s.durationMinutes), 0)) };
  return { start: new Date(at + span.start * 60_000), end: new Date(at + span.end * 60_000) };
}

/**
 * The calendar's name as it goes into NAME and X-WR-CALNAME, which ical-generator writes as given
 * (it escapes SUMMARY and DESCRIPTION, not the calendar's name): a professional or business name
 * with a line break in it ("Ana\r\nX-INJ:1") wrote a property line of its own (issue 50, item 4).
 * Names are single-line where they are saved (lib/core/validation/single-line.ts); a row written
 * before that rule, or by any other way, is flattened here (each run of control characters becomes a space) and
 * then escaped as SUMMARY is (backslash, semicolon, comma).
 */
export function calendarName(owner: Pick<FeedOwner, "professionalName" | "businessName">): string {
  return escape(`Agenda de ${toSingleLine(owner.professionalName)} — ${toSingleLine(owner.businessName)}`, false);
}

/** How often calendars are asked to read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 15 * 60;

/**
 * The calendar: one VEVENT per appointment and one per time off (busy), times as UTC instants (DTSTART:…Z) of the business's
 * wall clock, so every calendar app shows the right hour whatever its zone and whatever the server's;
 * X-WR-TIMEZONE names the business's zone for apps that display one. DTSTAMP and LAST-MODIFIED are
 * the appointment's last change, SEQUENCE its revision.
 */
export function buildFeed(owner: FeedOwner, appointments: readonly FeedAppointment[], timeOff: readonly FeedTimeOff[] = []): string {
  const calendar = new ICalCalendar({
    prodId: { company: "agenda", product: "agenda-profissional", language: "PT-BR" },
    name: calendarName(owner),
    ttl: FEED_REFRESH_SECONDS,
    x: [["X-WR-TIMEZONE", BUSINESS_TZ]],
  });
  for (const a of appointments) {
    const { start, end } = eventSpan(a);
    const status = eventStatus(a.statusId);
    calendar.createEvent({
      id: eventUid(a.id, owner.professionalId),
      sequence: a.revision,
      start,
      end,
      stamp: a.updatedAt,
      created: a.createdAt,
      lastModified: a.updatedAt,
      summary: eventSummary(a),
      description: `Status: ${statusMeta(a.statusId).label}`,
      status,
      transparency: status === ICalEventStatus.CANCELLED ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
    });
  }
  for (const t of timeOff) {
    // Whole days as all-day dates (a Date at UTC midnight: ical-generator writes its UTC date), to the
    // day after the last; a span of hours as instants of the business's wall clock, as appointments.
    const span = t.startTime === null || t.endTime === null
      ? { allDay: true, start: new Date(`${t.startDate}T00:00:00Z`), end: new Date(`${addDays(t.endDate, 1)}T00:00:00Z`) }
      : { start: businessDateTimeToInstant(t.startDate, t.startTime), end: businessDateTimeToInstant(t.endDate, t.endTime) };
    calendar.createEvent({
      id: `${t.id}-folga@agenda`,
      ...span,
      stamp: t.createdAt,
      created: t.createdAt,
      summary: TIME_OFF_SUMMARY,
      status: ICalEventStatus.CONFIRMED,
      transparency: ICalEventTransparency.OPAQUE,
    });
  }
  return calendar.toString();
}
