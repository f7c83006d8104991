/**
 * The agenda's 'Grade' (issue 35): one day, a column per active professional who works that day or
 * has an appointment on it (plus 'Sem profissional' when a service has nobody), rows of 15 minutes
 * over the business's hours. Blocks are the Visor de Alocação's (one per professional per
 * appointment, lanes where they overlap); the shading says why a stretch can't be booked. Pure;
 * minutes since midnight, intervals half-open.
 */
import type { Interval } from "@/lib/core/time/overlap";
import { toMinutes } from "@/lib/core/time/overlap";
import { ALLOCATION, blocksOf, clip, markTimeOff, placeBlocks, shadesOf, type AllocationAppointment, type PlacedBlock, type Shade, type TimelineProfessional } from "./allocation";
import { lineOffsets } from "./appointment-lines";

export const GRID = {
  stepMinutes: 15,
  /** The column of the services nobody was given. */
  unassigned: "sem-profissional",
  unassignedName: "Sem profissional",
  /**
   * Columns whose blocks the server draws, as many as the allocation viewer's server columns (what a
   * 1920 px screen shows before scrolling sideways). A chain's other columns get theirs once the page
   * runs: their blocks were a third of a 30-column day's HTML, rendered on every request for columns
   * off the screen (bench/HISTORY.md, round 19).
   */
  serverDrawnColumns: ALLOCATION.serverColumns,
} as const;

export { SHADE_TEXT, shadesOf, type Shade, type ShadeKind } from "./allocation";

export type GridProfessional = TimelineProfessional;

export type GridColumn = { id: string; name: string; blocks: PlacedBlock[]; shades: Shade[] };

/** Every appointment's services nobody was given: one block each, from its start. */
function unassignedBlocks(appointments: readonly AllocationAppointment[]) {
  return appointments.flatMap((a) => {
    const lines = a.lines.filter((l) => !l.professionalId);
    if (!lines.length) return [];
    // The lines nobody was given, each where lineOffsets puts it, back to back in the one column from the first.
    const offsets = lineOffsets(a.lines).filter((_, i) => !a.lines[i].professionalId);
    const start = toMinutes(a.time) + Math.min(...offsets.map((o) => o.start));
    const minutes = offsets.reduce((sum, o) => sum + o.end - o.start, 0);
    return [{ appointmentId: a.id, professionalId: GRID.unassigned, start, end: start + minutes, statusId: a.statusId, clientName: a.clientName, services: lines.map((l) => l.serviceName) }];
  });
}

/**
 * The columns of the day: the professionals who work that day or have a block on it (a day off with
 * an appointment still shows it), in the given order, then 'Sem profissional' when needed. Cancelled
 * appointments are left out: the grid shows who is busy.
 */
export function gridColumns(professionals: readonly GridProfessional[], appointments: readonly AllocationAppointment[], window: Interval): GridColumn[] {
  const live = appointments.filter((a) => a.statusId !== 3);
  const blocks = [...blocksOf(live), ...unassignedBlocks(live)];
  const placed = (id: string) =>
    placeBlocks(blocks.filter((b) => b.professionalId === id).flatMap((b) => {
      const shown = clip(b, window);
      return shown ? [{ ...b, shown }] : [];
    }));
  const columns: GridColumn[] = [];
  for (const p of professionals) {
    const own = markTimeOff(placed(p.id), p.timeOff);
    if (!p.day.isWorking && own.length === 0) continue;
    columns.push({ id: p.id, name: p.name, blocks: own, shades: shadesOf(p, window) });
  }
  const nobody = placed(GRID.unassigned);
  if (nobody.length) columns.push({ id: GRID.unassigned, name: GRID.unassignedName, blocks: nobody, shades: [] });
  return columns;
}

/** The row a point `fraction` (0–1) down the window falls in, as the time of its start. */
export function slotAt(fraction: number, window: Interval): number {
  const minutes = window.start + Math.max(0, Math.min(1, fraction)) * (window.end - window.start);
  const slot = Math.floor(minutes / GRID.stepMinutes) * GRID.stepMinutes;
  return Math.min(slot, window.end - GRID.stepMinutes);
}

/** A drag's new start: the old one moved by `deltaMinutes`, snapped to the step, kept inside the day. */
export function movedStart(start: number, deltaMinutes: number, duration: number): number {
  const snapped = Math.round((start + deltaMinutes) / GRID.stepMinutes) * GRID.stepMinutes;
  return Math.max(0, Math.min(24 * 60 - Math.max(duration, GRID.stepMinutes), snapped));
}
