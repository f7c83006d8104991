import type { ChangeEvent } from "@/lib/core/realtime/events";
import type { LiveKey, LiveParams, LiveRead } from "./keys";

/** The tables of the business's hours and holidays; each has a change trigger (migrations 0021, 0022). */
const HOURS = ["business_hours", "business_holidays", "business_holiday_settings"] as const;
/** What an agenda card or a timeline block names besides the appointment. */
const NAMED = ["clients", "services", "professionals"] as const;

type Rule = {
  /** The tables whose changes this read shows. */
  tables: readonly string[];
  /** When a change names its days (an appointment's, before and after): whether the read shows any of them. */
  days?: (params: LiveParams, days: readonly string[]) => boolean;
  /** Tables whose new rows don't change what the read shows (a new client is on no card yet). */
  notInserts?: readonly string[];
};

const onDate = (p: LiveParams, days: readonly string[]) => days.includes(p.date);
const inRange = (p: LiveParams, days: readonly string[]) => days.some((d) => d >= p.from && d <= p.to);

/**
 * The one table-to-reads map: which cached reads a change of the log (lib/core/realtime) makes stale.
 * The stream's events are matched against it (components/live/live-cache.tsx); nothing else
 * decides what a screen reads again.
 */
export const INVALIDATION: Record<LiveRead, Rule> = {
  "agenda.day": { tables: ["appointments", ...NAMED], days: onDate, notInserts: NAMED },
  "agenda.days": { tables: ["appointments", ...HOURS], days: inRange },
  "agenda.summary": { tables: ["appointments"] },
  "agenda.grid": { tables: ["appointments", ...NAMED, ...HOURS, "professional_time_off"], days: onDate },
  // Read once (a toast, a dialog's options): never kept live.
  "agenda.appointment": { tables: [] },
  "agenda.options": { tables: [] },
  "agenda.clients": { tables: [] },
  "professionals.restrictions": { tables: [] },
  "professionals.timeOff": { tables: ["professional_time_off", "professionals"] },
  "professionals.calendarFeed": { tables: [] },
  "allocation.day": { tables: ["appointments", ...NAMED, ...HOURS, "professional_time_off"], days: onDate },
  "business-hours": { tables: [...HOURS, "businesses"] },
  conversations: { tables: ["conversations"] },
  dashboard: { tables: ["appointments", ...NAMED, "conversations"] },
  // A client event: the bell.
  notifications: { tables: ["business_notifications"] },
  // The agenda's 'Lista de espera': its entries (an offer sent, claimed or expired changes the entry's status).
  "waitlist.day": { tables: ["waitlist_entries", "services", "professionals"] },
  "waitlist.counts": { tables: ["waitlist_entries"] },
};

/** Whether `event` makes the read cached under `key` stale. */
export function invalidates(event: ChangeEvent, [businessId, read, params]: LiveKey): boolean {
  if (event.businessId !== businessId) return false;
  const rule = INVALIDATION[read];
  if (!rule?.tables.includes(event.table)) return false;
  if (event.op === "INSERT" && rule.notInserts?.includes(event.table)) return false;
  return !(rule.days && event.days) || rule.days(params, event.days);
}
