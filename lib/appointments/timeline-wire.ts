import type { AllocationDay } from "./grid-day";

/** One service line: [index in `services`, duration in minutes, index in `lineProfessionals` or -1 when none, 1 when 'em seguida']. */
type WireLine = [service: number, durationMinutes: number | null, professional: number, afterPrevious?: 1];
/** One appointment: [id, HH:MM, status id, client's name, its lines, 1 when one of a series]. */
type WireAppointment = [id: string, time: string, statusId: number, clientName: string, lines: WireLine[], recurring?: 1];

/**
 * The day as the page hands it to the browser: the same data as AllocationDay, with each service
 * name and each professional id of the lines written once and referred to by index, and each
 * appointment as a tuple. A chain's day (~300 appointments) was 90 KB of the page's inlined props
 * as objects repeating keys, UUIDs and service names; every byte of it is serialized, parsed back
 * by the server's HTML render and escaped into the page, on each request.
 */
export type AllocationWire = Omit<AllocationDay, "appointments"> & {
  services: string[];
  lineProfessionals: string[];
  appointments: WireAppointment[];
};

/** A list of distinct values and each one's index in it. */
function table() {
  const values: string[] = [];
  const index = new Map<string, number>();
  const of = (value: string) => {
    let i = index.get(value);
    if (i === undefined) index.set(value, (i = values.push(value) - 1));
    return i;
  };
  return { values, of };
}

export function packAllocationDay({ appointments, ...day }: AllocationDay): AllocationWire {
  const services = table();
  const professionals = table();
  const packed = appointments.map((a): WireAppointment => {
    const lines = a.lines.map((l): WireLine => {
      const line: [number, number | null, number] = [services.of(l.serviceName), l.durationMinutes, l.professionalId === null ? -1 : professionals.of(l.professionalId)];
      return l.afterPrevious ? [...line, 1] : line;
    });
    return a.recurring ? [a.id, a.time, a.statusId, a.clientName, lines, 1] : [a.id, a.time, a.statusId, a.clientName, lines];
  });
  return { ...day, services: services.values, lineProfessionals: professionals.values, appointments: packed };
}

export function unpackAllocationDay({ services, lineProfessionals, appointments, ...day }: AllocationWire): AllocationDay {
  return {
    ...day,
    appointments: appointments.map(([id, time, statusId, clientName, lines, recurring]) => ({
      id, time, statusId, clientName,
      ...(recurring === 1 && { recurring: true }),
      lines: lines.map(([service, durationMinutes, professional, afterPrevious]) => ({
        serviceName: services[service], durationMinutes, professionalId: professional < 0 ? null : lineProfessionals[professional],
        ...(afterPrevious === 1 && { afterPrevious: true }),
      })),
    })),
  };
}
