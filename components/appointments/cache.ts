import type { ListedAppointment, MonthSummary, StalePending } from "@/lib/appointments/queries";
import { adjustCounts, adjustStale, adjustSummary, type Placed } from "@/lib/appointments/totals-delta";
import { liveKey, type LiveData, type LiveKey, type LiveRead } from "@/lib/core/live/keys";
import { liveKeys, liveState, setLive } from "@/lib/core/live/store";
import type { BusinessCalendar } from "@/lib/appointments/rules/business-day";
import type { SeriesScope } from "@/lib/appointments/rules/recurrence";

/**
 * The agenda's entries of the one client cache: each loaded day's cards (`appointments.day`), the listed
 * days' counts and calendar (`appointments.days`), the month cards and 'Pendentes antigos' (`appointments.summary`). A write this tab
 * makes is put into them from its answer, not read again.
 */
export const dayKey = (businessId: string, date: string, first = false) => liveKey(businessId, "appointments.day", first ? { date, first: "1" } : { date });
export const daysKey = (businessId: string, from: string, to: string) => liveKey(businessId, "appointments.days", { from, to });
export const summaryKey = (businessId: string, today: string) => liveKey(businessId, "appointments.summary", { today });

/** The reads a write of one card is put into from its answer (writeToCache): the write hook reads none of them again. */
export const CARD_READS = ["appointments.day", "appointments.days", "appointments.summary"] as const satisfies readonly LiveRead[];
/**
 * What a write with a series' scope puts into the cache itself: 'Somente este' is there from its
 * answer; 'Este e os seguintes' reaches days this tab may not have loaded, so the days it touched are read.
 */
export const appliedForScope = (input: { scope?: SeriesScope }) => (!input.scope || input.scope === "one" ? CARD_READS : []);

type Day = LiveData<"appointments.day">;
type Days = { counts: Record<string, number>; calendar: BusinessCalendar };
type Summary = { summary: MonthSummary; stale: StalePending };

const byTime = (a: ListedAppointment, b: ListedAppointment) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id.localeCompare(b.id);
const shown = (businessId: string, read: "appointments.day" | "appointments.days" | "appointments.summary") => liveKeys((k) => k[0] === businessId && k[1] === read);
const dataOf = <T,>(key: LiveKey) => liveState(key).data as T;

/** The appointment as the loaded days show it. */
export function cachedAppointment(businessId: string, id: string): ListedAppointment | undefined {
  for (const key of shown(businessId, "appointments.day")) {
    const found = dataOf<Day>(key).appointments.find((a) => a.id === id);
    if (found) return found;
  }
}

/**
 * How a screen puts this tab's writes of a card into the cache: `optimistic` applies a change
 * before the server confirms it and returns the undo; `placed` puts a write's answer (a new or
 * edited appointment; null: deleted). The cards' days and the grid's panel hand them to the card's
 * status menu and dialogs.
 */
export function cardWrites(businessId: string) {
  return {
    optimistic: (id: string, patch: Partial<ListedAppointment>) => writeToCache(businessId, id, (a) => (a ? { ...a, ...patch } : null)),
    placed: (id: string, a: ListedAppointment | null) => void writeToCache(businessId, id, () => a),
  };
}

/**
 * Puts what a write made of appointment `id` (`change` of what the days show; null: it is gone) into
 * every loaded day, the counts and the month cards. Returns the undo, for a write the server refuses.
 */
export function writeToCache(businessId: string, id: string, change: (before: ListedAppointment | undefined) => ListedAppointment | null): () => void {
  const before = cachedAppointment(businessId, id);
  const after = change(before);
  const saved: [LiveKey, unknown][] = [];
  const set = (key: LiveKey, data: unknown) => {
    saved.push([key, liveState(key).data]);
    setLive(key, data);
  };
  for (const key of shown(businessId, "appointments.day")) {
    const list = dataOf<Day>(key).appointments;
    const here = after?.date === key[2].date;
    if (!here && !list.some((a) => a.id === id)) continue;
    const rest = list.filter((a) => a.id !== id);
    set(key, { appointments: here ? [...rest, after].sort(byTime) : rest });
  }
  const placed = (a: ListedAppointment | null | undefined): Placed => (a ? { date: a.date, statusId: a.statusId } : null);
  for (const key of shown(businessId, "appointments.days")) {
    const days = dataOf<Days>(key);
    set(key, { ...days, counts: adjustCounts(days.counts, placed(before), placed(after)) });
  }
  for (const key of shown(businessId, "appointments.summary")) {
    const { summary, stale } = dataOf<Summary>(key);
    set(key, { summary: adjustSummary(summary, placed(before), placed(after)), stale: adjustStale(stale, id, placed(after)) });
  }
  return () => {
    for (const [key, data] of saved.reverse()) setLive(key, data);
  };
}

/**
 * A card's status to or from 'Faltou' moves its client's 'N faltas' by `delta` on every loaded card
 * of that client. The count is the database's (client_appointment_stats.no_shows): other tabs read
 * the days again on its change (appointments.day names the table); this tab's status write is put
 * into the cards from its answer (CARD_READS, not read again), so the count is put in here too.
 * Returns the undo, for a write the server refuses.
 */
export function shiftNoShows(businessId: string, clientId: string, delta: number): () => void {
  const saved: [LiveKey, unknown][] = [];
  if (delta !== 0) {
    for (const key of shown(businessId, "appointments.day")) {
      const day = dataOf<Day>(key);
      if (!day.appointments.some((a) => a.client.id === clientId)) continue;
      saved.push([key, day]);
      const appointments = day.appointments.map((a) => (a.client.id === clientId ? { ...a, client: { ...a.client, noShows: Math.max(0, a.client.noShows + delta) } } : a));
      setLive(key, { ...day, appointments });
    }
  }
  return () => {
    for (const [key, data] of saved.reverse()) setLive(key, data);
  };
}

