import "server-only";
import { timelineDay, type AllocationDay } from "@/lib/appointments/grid-day";

export type { AllocationDay };

/**
 * The Visor de Alocação's day: the agenda's 'Grade' day (timelineDay, three queries whatever the
 * number of professionals): the calendar (the agenda's own rule decides open or closed and the
 * hours), the active professionals with their working day and time off, and the day's appointments
 * with their services (on the (business_id, date, time) index).
 */
export const allocationDay = timelineDay;
