/**
 * The services of one appointment and who does them: each professional's busy time (the sum of
 * their services' durations, spec section 5), the total duration and value, and the automatic
 * assignment of services booked without a professional.
 */
import { DEFAULT_DURATION_MINUTES, toMinutes, type Interval } from "@/lib/core/time/overlap";

export type Line = { serviceId: string; durationMinutes: number | null; professionalId: string | null };

/** A service's length: its duration, or 60 minutes when it has none. */
export function serviceMinutes(durationMinutes: number | null | undefined): number {
  return typeof durationMinutes === "number" && Number.isFinite(durationMinutes) && durationMinutes > 0
    ? durationMinutes
    : DEFAULT_DURATION_MINUTES;
}

/** Professional id → the minutes they are busy in this appointment (at least 1). */
export function professionalLoads(lines: readonly Line[]): Map<string, number> {
  const loads = new Map<string, number>();
  for (const l of lines) {
    if (!l.professionalId) continue;
    loads.set(l.professionalId, (loads.get(l.professionalId) ?? 0) + serviceMinutes(l.durationMinutes));
  }
  for (const [id, m] of loads) loads.set(id, Math.max(1, m));
  return loads;
}

/** 'Tempo estimado': the services one after another (60 minutes each without a duration). */
export function totalMinutes(lines: readonly Pick<Line, "durationMinutes">[]): number {
  return lines.reduce((sum, l) => sum + serviceMinutes(l.durationMinutes), 0);
}

/**
 * How long the appointment keeps the business open, for the hours rule: its services one after
 * another (totalMinutes, as the public page counts a booking), or the spec's assumed hour when it
 * has none — a visit without services still takes its client's hour.
 */
export function appointmentMinutes(lines: readonly Pick<Line, "durationMinutes">[]): number {
  return lines.length ? totalMinutes(lines) : DEFAULT_DURATION_MINUTES;
}

/** The appointment's span on its day, in minutes since midnight: [time, time + appointmentMinutes). */
export function appointmentSlot(time: string, lines: readonly Pick<Line, "durationMinutes">[]): Interval {
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
 * the service (in `candidates` order, by name) and can take the appointment with the minutes they
 * already carry in it; null when none can. Lines with a chosen professional are kept as they are.
 * `canTake(professionalId, minutes)` is the availability rule for the appointment's date and time.
 */
export function assignProfessionals(
  lines: readonly Line[],
  candidates: (serviceId: string) => readonly string[],
  canTake: (professionalId: string, minutes: number) => boolean,
): Line[] {
  const loads = professionalLoads(lines);
  return lines.map((line) => {
    if (line.professionalId) return line;
    const minutes = serviceMinutes(line.durationMinutes);
    const chosen = candidates(line.serviceId).find((id) => canTake(id, (loads.get(id) ?? 0) + minutes)) ?? null;
    if (chosen) loads.set(chosen, (loads.get(chosen) ?? 0) + minutes);
    return { ...line, professionalId: chosen };
  });
}
