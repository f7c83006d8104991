/**
 * The Visor de Alocação's rules (spec sections 2 and 9): the day's working window, each
 * professional's blocks (their services in one appointment merged into one block), the free gaps
 * of at least 30 minutes, the utilization (merged busy time over the window, capped at 100) and
 * where each block sits on a timeline of 56 px (44 px on narrow screens) per hour. Pure; times are
 * minutes since midnight, intervals half-open [start, end).
 *
 * What is free is what the booking rule would take (issue 52): inside the professional's working
 * hours for the day, outside their breaks and time off (shadesOf, from the resolved WorkingDay of
 * lib/appointments/rules/availability.ts), and clear of every appointment that holds time, pending
 * ones included. The utilization keeps the spec's default: confirmed appointments only.
 */
import type { Interval } from "@/lib/core/time/overlap";
import { intervalsOverlap, mergeIntervals, subtractIntervals, toMinutes } from "@/lib/core/time/overlap";
import type { WorkingDay } from "./availability";
import type { BusinessDay } from "./business-day";
import { professionalSpans } from "./appointment-lines";
import { DEFAULT_CLOSE_TIME, DEFAULT_OPEN_TIME } from "./weekly-hours";

export const ALLOCATION = {
  /** Free time shorter than this is not shown as a gap. */
  minGapMinutes: 30,
  hourHeightPx: 56,
  /** Below 768 px wide. */
  narrowHourHeightPx: 44,
  minBlockHeightPx: 32,
  /** Columns in the server's HTML: a 1920 px screen shows about ten 176 px columns before scrolling. */
  serverColumns: 10,
  /** Only confirmed appointments are counted by default (spec); pending ones are shown, marked, and hold time. */
  confirmedStatusId: 2,
  pendingStatusId: 1,
  cancelledStatusId: 3,
} as const;

/** A pending block's mark beside the counted ones (the status's own name). */
export const PENDING_TEXT = "Pendente";
export const CLOSED_DAY_TEXT = "Dia fechado ou sem horário configurado.";
export const LOAD_ERROR_TEXT = "Erro ao carregar dados";

/** 08:00–19:00: the window of an open day without configured hours (spec section 9). */
export const DEFAULT_WINDOW: Interval = { start: toMinutes(DEFAULT_OPEN_TIME), end: toMinutes(DEFAULT_CLOSE_TIME) };

/** The timeline's window for a business day: its opening hours, the default window when it has none, null when closed. */
export function workingWindow(day: BusinessDay): Interval | null {
  if (!day.open) return null;
  const w = day.window;
  return w && w.end > w.start ? w : DEFAULT_WINDOW;
}

/** A line in its order; afterPrevious: 'Em seguida' (lineOffsets). */
export type AllocationLine = { serviceName: string; durationMinutes: number | null; professionalId: string | null; afterPrevious?: boolean };

export type AllocationAppointment = {
  id: string;
  /** HH:MM */
  time: string;
  statusId: number;
  clientName: string;
  lines: AllocationLine[];
  /** 'Repetir': one of a series (the grid's repeat icon). */
  recurring?: boolean;
};

/** One professional's part of one appointment: their services back to back from the appointment's time. */
export type Block = {
  appointmentId: string;
  professionalId: string;
  start: number;
  end: number;
  statusId: number;
  clientName: string;
  services: string[];
  /** One of a series ('Agendamento recorrente'). */
  recurring?: boolean;
  /** Its professional is on time off during it (booked before the time off was saved): 'Em folga' until moved. */
  onTimeOff?: boolean;
};

/** Counted in the utilization and the counts: confirmed only, every status with 'Mostrar todos os status'. */
export function isCounted(statusId: number, allStatuses: boolean): boolean {
  return allStatuses || statusId === ALLOCATION.confirmedStatusId;
}

/** Drawn as a block: the counted ones, and pending ones always (marked 'Pendente': they hold the time). */
export function isShown(statusId: number, allStatuses: boolean): boolean {
  return isCounted(statusId, allStatuses) || statusId === ALLOCATION.pendingStatusId;
}

/** A pending block drawn beside the counted ones (default view): outlined and labelled 'Pendente'. */
export function isPendingMark(statusId: number, allStatuses: boolean): boolean {
  return statusId === ALLOCATION.pendingStatusId && !isCounted(statusId, allStatuses);
}

/**
 * Every professional's blocks of the day: one per professional per appointment, from the first start
 * to the last end of that professional's lines ('em seguida' or 'ao mesmo tempo'), as the booking rule
 * counts it (professionalSpans (lib/appointments/rules/appointment-lines.ts). Lines without a professional belong to no row.
 */
export function blocksOf(appointments: readonly AllocationAppointment[]): Block[] {
  const out: Block[] = [];
  for (const a of appointments) {
    const start = toMinutes(a.time);
    for (const [professionalId, span] of professionalSpans(a.lines)) {
      out.push({
        appointmentId: a.id,
        professionalId,
        start: start + span.start,
        end: start + span.end,
        statusId: a.statusId,
        clientName: a.clientName,
        services: a.lines.filter((l) => l.professionalId === professionalId).map((l) => l.serviceName),
        ...(a.recurring && { recurring: true }),
      });
    }
  }
  return out.sort((x, y) => x.start - y.start || x.end - y.end || x.appointmentId.localeCompare(y.appointmentId));
}

/** The part of `i` inside `window`, or null when none of it is. */
export function clip(i: Interval, window: Interval): Interval | null {
  const start = Math.max(i.start, window.start);
  const end = Math.min(i.end, window.end);
  return end > start ? { start, end } : null;
}

/** The time a professional is busy inside the window: blocks clipped and merged (cancelled ones hold no time). */
export function busyTime(blocks: readonly Block[], window: Interval): Interval[] {
  return mergeIntervals(
    blocks.filter((b) => b.statusId !== ALLOCATION.cancelledStatusId).flatMap((b) => clip(b, window) ?? []),
  );
}

/** The free stretches of the window between busy intervals that last at least `minMinutes`. */
export function freeGaps(busy: readonly Interval[], window: Interval, minMinutes: number = ALLOCATION.minGapMinutes): Interval[] {
  const gaps: Interval[] = [];
  let cursor = window.start;
  for (const b of mergeIntervals(busy)) {
    if (b.end <= window.start || b.start >= window.end) continue;
    if (b.start - cursor >= minMinutes) gaps.push({ start: cursor, end: b.start });
    cursor = Math.max(cursor, b.end);
  }
  if (window.end - cursor >= minMinutes) gaps.push({ start: cursor, end: window.end });
  return gaps;
}

/** Merged busy time over the window's length, in whole percent, capped at 100 (0 for an empty window). */
export function utilizationPercent(busy: readonly Interval[], window: Interval): number {
  const length = window.end - window.start;
  if (length <= 0) return 0;
  const used = mergeIntervals(busy).reduce((sum, b) => sum + Math.max(0, Math.min(b.end, window.end) - Math.max(b.start, window.start)), 0);
  return Math.min(100, Math.round((used / length) * 100));
}

/** The full hours inside the window (minutes since midnight), for the one-hour grid marks. */
export function hourMarks(window: Interval): number[] {
  const marks: number[] = [];
  for (let m = Math.ceil(window.start / 60) * 60; m <= window.end; m += 60) marks.push(m);
  return marks;
}

/** The CSS variable that holds the height of one hour (56 px, 44 px below 768 px). */
export const HOUR_HEIGHT_VAR = "--hour-height";

const hours = (minutes: number) => Number((minutes / 60).toFixed(4));

/**
 * Where a stretch of time sits on the timeline, as the CSS variables the allocation-block and
 * allocation-gap utilities (app/globals.css) turn into lengths over the hour height, so one render
 * serves both screen widths: --at, its start from the window's, and --span, its length, in hours.
 * Numbers rather than whole calc() lengths: a chain's day draws some 600 blocks and gaps, each
 * style written into the page's HTML.
 */
export function timelineVars(i: Interval, window: Interval): { "--at": number; "--span": number } {
  return { "--at": hours(i.start - window.start), "--span": hours(i.end - i.start) };
}

/** A stretch of time's length on the timeline (the window's is the timeline's height). */
export function timelineLength(i: Interval): string {
  return `calc(var(${HOUR_HEIGHT_VAR}) * ${hours(i.end - i.start)})`;
}

export type PlacedBlock = Block & {
  /** The part drawn on the timeline (the block clipped to the window). */
  shown: Interval;
  /** Side-by-side columns for blocks that overlap (only when all statuses are shown). */
  lane: number;
  lanes: number;
};

/** Gives overlapping blocks their own lanes, so none hides another. */
export function placeBlocks(blocks: readonly (Block & { shown: Interval })[]): PlacedBlock[] {
  const sorted = [...blocks].sort((a, b) => a.shown.start - b.shown.start || a.shown.end - b.shown.end);
  const placed: PlacedBlock[] = [];
  let cluster: PlacedBlock[] = [];
  let clusterEnd = -Infinity;
  const close = () => {
    const lanes = Math.max(1, ...cluster.map((b) => b.lane + 1));
    for (const b of cluster) b.lanes = lanes;
    cluster = [];
  };
  for (const b of sorted) {
    if (b.shown.start >= clusterEnd) close();
    const laneEnds = new Map<number, number>();
    for (const c of cluster) laneEnds.set(c.lane, Math.max(laneEnds.get(c.lane) ?? -Infinity, c.shown.end));
    let lane = 0;
    while ((laneEnds.get(lane) ?? -Infinity) > b.shown.start) lane++;
    const p: PlacedBlock = { ...b, lane, lanes: 1 };
    cluster.push(p);
    placed.push(p);
    clusterEnd = Math.max(clusterEnd, b.shown.end);
  }
  close();
  return placed;
}

export type ShadeKind = "off" | "outside" | "break" | "time_off";

/** What each shading says (the title on hover, the label when there is room): the grid's and the viewer's. */
export const SHADE_TEXT: Record<ShadeKind, string> = {
  off: "Não trabalha neste dia",
  outside: "Fora do expediente",
  break: "Pausa",
  time_off: "De folga",
};

export type Shade = Interval & { kind: ShadeKind };

/** A professional's day on a timeline: their resolved working day (schedule and breaks) and time off. */
export type TimelineProfessional = { id: string; name: string; day: WorkingDay; timeOff: readonly Interval[] };

/**
 * The day's professionals with their working day and time off, as the timeline day carries them
 * (a professional without a resolved day — none in practice — counts as working without limits).
 */
export function timelineProfessionals(day: {
  professionals: readonly { id: string; name: string }[];
  workdays: Readonly<Record<string, WorkingDay>>;
  timeOff: readonly { professionalId: string; start: number; end: number }[];
}): TimelineProfessional[] {
  return day.professionals.map((p) => ({
    ...p,
    day: day.workdays[p.id] ?? { isWorking: true, start: null, end: null, breaks: [] },
    timeOff: day.timeOff.filter((t) => t.professionalId === p.id).map(({ start, end }) => ({ start, end })),
  }));
}

/**
 * The stretches of `window` the professional can't be booked in, each with its reason — the
 * availability rule's own ('off', 'outside_working_hours', 'break', 'time_off') over their day.
 */
export function shadesOf(p: Omit<TimelineProfessional, "name">, window: Interval): Shade[] {
  const out: Shade[] = [];
  const add = (i: Interval | null, kind: ShadeKind) => {
    const c = i && clip(i, window);
    if (c) out.push({ ...c, kind });
  };
  if (!p.day.isWorking) {
    add(window, "off");
    return out;
  }
  // Time off wins where it covers hours or a break: one shade, one label, none printed over another.
  const timeOff = mergeIntervals([...p.timeOff]);
  const besideTimeOff = (i: Interval, kind: ShadeKind) => subtractIntervals(i, timeOff).forEach((part) => add(part, kind));
  if (p.day.start !== null) besideTimeOff({ start: window.start, end: p.day.start }, "outside");
  if (p.day.end !== null) besideTimeOff({ start: p.day.end, end: window.end }, "outside");
  for (const b of p.day.breaks) besideTimeOff(b, "break");
  for (const t of timeOff) add(t, "time_off");
  return out;
}

export type AllocationRow = {
  id: string;
  name: string;
  blocks: PlacedBlock[];
  /** Free stretches of 30 minutes or more: inside their working hours, outside breaks, time off and every booking. */
  gaps: Interval[];
  /** Counted (confirmed, by default) busy time over the window. */
  utilization: number;
  /** Counted appointments of this professional for the day (those outside the window included). */
  count: number;
  /** Pending appointments drawn beside the counted ones (default view; 0 when every status counts). */
  pending: number;
  /** Shown appointments that fall entirely outside the window (not drawn). */
  outside: number;
  /** Where they can't be booked: not working, out of their hours, breaks, time off (never offered as 'Livre'). */
  shades: Shade[];
};

/** One row per professional, in the given order, for the shown statuses. */
export function allocationRows(
  professionals: readonly TimelineProfessional[],
  appointments: readonly AllocationAppointment[],
  window: Interval,
  allStatuses: boolean,
): AllocationRow[] {
  const shown = blocksOf(appointments.filter((a) => isShown(a.statusId, allStatuses)));
  // Every booking holds the professional's time but a cancelled one, as the agenda's constraint
  // counts it, whether or not its status is drawn (a hidden 'Concluído' is not 'Livre').
  const holding = blocksOf(appointments.filter((a) => a.statusId !== ALLOCATION.cancelledStatusId));
  const distinct = (bs: readonly Block[]) => new Set(bs.map((b) => b.appointmentId)).size;
  return professionals.map((p) => {
    const own = shown.filter((b) => b.professionalId === p.id);
    const inside = own.flatMap((b) => {
      const drawn = clip(b, window);
      return drawn ? [{ ...b, shown: drawn }] : [];
    });
    const shades = shadesOf(p, window);
    const counted = own.filter((b) => isCounted(b.statusId, allStatuses));
    return {
      id: p.id,
      name: p.name,
      blocks: placeBlocks(inside),
      gaps: freeGaps([...busyTime(holding.filter((b) => b.professionalId === p.id), window), ...shades], window),
      utilization: utilizationPercent(busyTime(counted, window), window),
      count: distinct(counted),
      pending: distinct(own.filter((b) => isPendingMark(b.statusId, allStatuses))),
      outside: own.length - inside.length,
      shades,
    };
  });
}

/** Shown appointments with a service no professional does (they belong to no row). */
export function unassignedCount(appointments: readonly AllocationAppointment[], allStatuses: boolean): number {
  return appointments.filter((a) => isCounted(a.statusId, allStatuses) && a.lines.some((l) => !l.professionalId)).length;
}

/** `blocks` of one professional, those under their time off marked (the grid's 'Em folga'). */
export function markTimeOff<B extends Block>(blocks: readonly B[], timeOff: readonly Interval[]): B[] {
  return blocks.map((b) => (timeOff.some((t) => intervalsOverlap(b, t)) ? { ...b, onTimeOff: true } : b));
}
