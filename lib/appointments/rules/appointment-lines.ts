/**
 * The services of one appointment and who does them: each professional's busy time (the sum of
 * their services' durations, spec section 5), the total duration and value, and the automatic
 * assignment of services booked without a professional.
 */
import { DEFAULT_DURATION_MINUTES, toMinutes, type Interval } from "@/lib/core/time/overlap";

export type Line = {
  serviceId: string;
  durationMinutes: number | null;
  professionalId: string | null;
  /** 'Em seguida': starts when the line before it ends; otherwise 'Ao mesmo tempo' (at the appointment's time). */
  afterPrevious?: boolean;
};

/** What the timing of a line reads. */
export type TimedLine = Pick<Line, "durationMinutes" | "professionalId" | "afterPrevious">;

/** A service's length: its duration, or 60 minutes when it has none. */
export function serviceMinutes(durationMinutes: number | null | undefined): number {
  return typeof durationMinutes === "number" && Number.isFinite(durationMinutes) && durationMinutes > 0
    ? durationMinutes
    : DEFAULT_DURATION_MINUTES;
}

/** A span in minutes from the appointment's time. */
export type Offset = { start: number; end: number };

/**
 * THE one rule of when each line runs, in minutes from the appointment's time (the trigger
 * refresh_appointment_blocks of migration 0037 computes the same): a line 'Em seguida'
 * (afterPrevious) starts when the line before it ends; a line 'Ao mesmo tempo' starts at the
 * appointment's time. Either way a professional does one thing at a time: a line starts no earlier
 * than the end of their line before it (so lines all 'ao mesmo tempo' give each professional the
 * sum of their services from the appointment's time, as before); the lines nobody was given yet
 * count as one professional's (back to back, as the grid's 'Sem profissional' column draws them).
 * Lines in their order (position).
 */
export function lineOffsets(lines: readonly TimedLine[]): Offset[] {
  const out: Offset[] = [];
  const freeAt = new Map<string, number>();
  for (const [i, l] of lines.entries()) {
    const who = l.professionalId ?? "";
    const start = Math.max(l.afterPrevious && i > 0 ? out[i - 1].end : 0, freeAt.get(who) ?? 0);
    const end = start + serviceMinutes(l.durationMinutes);
    freeAt.set(who, end);
    out.push({ start, end });
  }
  return out;
}

/**
 * A line's timing when the form did not say: 'Em seguida' for a line whose professional is another
 * than the line before it's (a client is not in two chairs at once), 'Ao mesmo tempo' otherwise.
 */
export function defaultAfterPrevious(lines: readonly Pick<Line, "professionalId">[], i: number): boolean {
  const prev = lines[i - 1];
  return i > 0 && !!prev?.professionalId && !!lines[i]?.professionalId && prev.professionalId !== lines[i].professionalId;
}

/** The lines with each one's timing settled (the given one, or defaultAfterPrevious). */
export function withTiming<L extends Pick<Line, "professionalId" | "afterPrevious">>(lines: readonly L[]): (L & { afterPrevious: boolean })[] {
  return lines.map((l, i) => ({ ...l, afterPrevious: l.afterPrevious ?? defaultAfterPrevious(lines, i) }));
}

/**
 * Professional id → their one block in this appointment, from the appointment's time: the earliest
 * start to the latest end of their lines (lineOffsets; at least 1 minute).
 */
export function professionalSpans(lines: readonly TimedLine[]): Map<string, Offset> {
  const spans = new Map<string, Offset>();
  const offsets = lineOffsets(lines);
  for (const [i, l] of lines.entries()) {
    if (!l.professionalId) continue;
    const o = offsets[i];
    const s = spans.get(l.professionalId);
    spans.set(l.professionalId, s ? { start: Math.min(s.start, o.start), end: Math.max(s.end, o.end) } : { ...o });
  }
  for (const s of spans.values()) s.end = Math.max(s.end, s.start + 1);
  return spans;
}

/** 'Tempo estimado': until the last service ends (lineOffsets; 60 minutes each without a duration). */
export function totalMinutes(lines: readonly Pick<Line, "durationMinutes">[] | readonly TimedLine[]): number {
  // Lines that name no professional at all (the public page's services) run one after another.
  const timed = lines.map((l): TimedLine => ("professionalId" in l ? l : { ...l, professionalId: null }));
  return lineOffsets(timed).reduce((m, o) => Math.max(m, o.end), 0);
}

/**
 * How long the appointment keeps the business open, for the hours rule: its services one after
 * another (totalMinutes, as the public page counts a booking), or the spec's assumed hour when it
 * has none — a visit without services still takes its client's hour.
 */
export function appointmentMinutes(lines: readonly Pick<Line, "durationMinutes">[] | readonly TimedLine[]): number {
  return lines.length ? totalMinutes(lines) : DEFAULT_DURATION_MINUTES;
}

/** The appointment's span on its day, in minutes since midnight: [time, time + appointmentMinutes). */
export function appointmentSlot(time: string, lines: readonly Pick<Line, "durationMinutes">[] | readonly TimedLine[]): Interval {
  const start = toMinutes(time);
  return { start, end: start + appointmentMinutes(lines) };
}

/**
 * A collapsed card's line: the first service, '+N' for the others, and its professional
 * ('Escova +1 · Juliana Alves'); 'Nenhum serviço' without lines.
 */
export function cardSummary(lines: readonly { serviceName: string; professionalName: string | null }[]): string {
  if (!lines.length) return "Nenhum serviço";
  const [first] = lines;
  const service = lines.length > 1 ? `${first.serviceName} +${lines.length - 1}` : first.serviceName;
  return `${service} · ${first.professionalName ?? "Sem profissional"}`;
}

/**
 * 'Valor': the sum of each assigned professional's price for their service; null (shown as a dash)
 * when no line has a price.
 */
export function totalValue(lines: readonly { price: string | number | null | undefined }[]): number | null {
  let sum = 0;
  let any = false;
  for (const l of lines) {
    const n = l.price === null || l.price === undefined || l.price === "" ? NaN : Number(l.price);
    if (Number.isFinite(n)) {
      sum += n;
      any = true;
    }
  }
  return any ? Math.round(sum * 100) / 100 : null;
}

/**
 * Fills the lines without a professional (spec section 5): the first active professional who offers
 * the service (in `candidates` order, by name) and can take their block in the appointment with
 * that line (professionalSpans); null when none can. Lines with a chosen professional are kept.
 * `canTake(professionalId, span)` is the availability rule for the appointment's date and time.
 */
export function assignProfessionals(
  lines: readonly Line[],
  candidates: (serviceId: string) => readonly string[],
  canTake: (professionalId: string, span: Offset) => boolean,
): Line[] {
  const out = lines.map((l) => ({ ...l }));
  for (const line of out) {
    if (line.professionalId) continue;
    const chosen = candidates(line.serviceId).find((id) => {
      line.professionalId = id;
      const ok = canTake(id, professionalSpans(out).get(id)!);
      line.professionalId = null;
      return ok;
    }) ?? null;
    line.professionalId = chosen;
  }
  return out;
}
