import { describe, expect, it } from "vitest";
import { GRID, gridColumns, movedStart, shadesOf, slotAt, type GridProfessional } from "./grid";

const M = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const W = { start: M("08:00"), end: M("19:00") };
const working = (over: Partial<GridProfessional> = {}): GridProfessional => ({
  id: "ana", name: "Ana", day: { isWorking: true, start: M("09:00"), end: M("18:00"), breaks: [{ start: M("12:00"), end: M("13:00") }] }, timeOff: [], ...over,
});
const appt = (id: string, time: string, statusId: number, lines: [string, number | null, string | null][]) => ({
  id, time, statusId, clientName: `Cliente ${id}`, lines: lines.map(([serviceName, durationMinutes, professionalId]) => ({ serviceName, durationMinutes, professionalId })),
});

describe("grid", () => {
  it("shades outside the professional's hours, breaks and time off; a day off whole", () => {
    expect(shadesOf(working({ timeOff: [{ start: M("15:00"), end: M("16:00") }, { start: M("15:30"), end: M("17:00") }] }), W)).toEqual([
      { start: M("08:00"), end: M("09:00"), kind: "outside" },
      { start: M("18:00"), end: M("19:00"), kind: "outside" },
      { start: M("12:00"), end: M("13:00"), kind: "break" },
      { start: M("15:00"), end: M("17:00"), kind: "time_off" },
    ]);
    expect(shadesOf(working({ day: { isWorking: false, start: null, end: null, breaks: [] } }), W)).toEqual([{ ...W, kind: "off" }]);
  });

  // Issue 52, item 9: one label where shades meet, and the bookings under a time off marked.
  it("time off covering a break and the end of the day is one shade: no label under another", () => {
    expect(shadesOf(working({ timeOff: [{ start: M("11:00"), end: M("24:00") }] }), W)).toEqual([
      { start: M("08:00"), end: M("09:00"), kind: "outside" },
      { start: M("11:00"), end: M("19:00"), kind: "time_off" },
    ]);
    expect(shadesOf(working({ timeOff: [{ start: M("12:30"), end: M("14:00") }] }), W)).toEqual([
      { start: M("08:00"), end: M("09:00"), kind: "outside" },
      { start: M("18:00"), end: M("19:00"), kind: "outside" },
      { start: M("12:00"), end: M("12:30"), kind: "break" },
      { start: M("12:30"), end: M("14:00"), kind: "time_off" },
    ]);
  });

  it("a block under its professional's time off is 'Em folga'; beside it, or another's, is not", () => {
    const ana = working({ timeOff: [{ start: M("14:00"), end: M("16:00") }] });
    const bia = working({ id: "bia", name: "Bia" });
    const cols = gridColumns([ana, bia], [
      appt("a", "13:30", 1, [["Corte", 60, "ana"]]),
      appt("b", "16:00", 1, [["Corte", 30, "ana"]]),
      appt("c", "14:00", 1, [["Corte", 30, "bia"]]),
    ], W);
    expect(cols[0].blocks.map((b) => [b.appointmentId, b.onTimeOff ?? false])).toEqual([["a", true], ["b", false]]);
    expect(cols[1].blocks.map((b) => [b.appointmentId, b.onTimeOff ?? false])).toEqual([["c", false]]);
  });

  it("columns: who works or has a booking, then 'Sem profissional'; a two-professional appointment in both; cancelled left out", () => {
    const bia = working({ id: "bia", name: "Bia", day: { isWorking: false, start: null, end: null, breaks: [] } });
    const caio = working({ id: "caio", name: "Caio", day: { isWorking: false, start: null, end: null, breaks: [] } });
    const cols = gridColumns([working(), bia, caio], [
      appt("a", "10:00", 2, [["Corte", 30, "ana"], ["Escova", 45, "bia"], ["Barba", null, null]]),
      appt("b", "14:00", 3, [["Corte", 30, "caio"]]),
    ], W);
    expect(cols.map((c) => c.id)).toEqual(["ana", "bia", GRID.unassigned]);
    expect(cols[0].blocks.map((b) => [b.appointmentId, b.start, b.end])).toEqual([["a", M("10:00"), M("10:30")]]);
    expect(cols[1].blocks.map((b) => [b.appointmentId, b.end])).toEqual([["a", M("10:45")]]);
    expect(cols[2]).toMatchObject({ name: "Sem profissional", shades: [] });
    expect(cols[2].blocks.map((b) => [b.start, b.end, b.services])).toEqual([[M("10:00"), M("11:00"), ["Barba"]]]);
  });

  it("a click's row, and a drag's snapped start", () => {
    expect(slotAt(0, W)).toBe(M("08:00"));
    expect(slotAt(0.5, W)).toBe(M("13:30"));
    expect(slotAt(1, W)).toBe(M("18:45"));
    expect(movedStart(M("10:00"), 37, 30)).toBe(M("10:30"));
    expect(movedStart(M("10:00"), -7, 30)).toBe(M("10:00"));
    expect(movedStart(M("10:00"), -8, 30)).toBe(M("09:45"));
    expect(movedStart(M("23:30"), 60, 60)).toBe(M("23:00"));
  });
});
