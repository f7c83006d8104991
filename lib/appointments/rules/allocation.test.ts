import { describe, expect, test } from "vitest";
import {
  ALLOCATION, allocationRows, blocksOf, busyTime, clip, DEFAULT_WINDOW, freeGaps, hourMarks, isPendingMark, placeBlocks,
  timelineLength, timelineProfessionals, timelineVars, unassignedCount, utilizationPercent, workingWindow,
  type AllocationAppointment, type Block, type TimelineProfessional,
} from "./allocation";

const M = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const W = { start: M("08:00"), end: M("18:00") };

const appt = (id: string, time: string, lines: [string, number | null, string | null][], statusId = 2): AllocationAppointment => ({
  id,
  time,
  statusId,
  clientName: `Cliente ${id}`,
  lines: lines.map(([serviceName, durationMinutes, professionalId]) => ({ serviceName, durationMinutes, professionalId })),
});

const block = (start: string, end: string, statusId = 2, id = `${start}-${end}`): Block => ({
  appointmentId: id, professionalId: "p", start: M(start), end: M(end), statusId, clientName: "c", services: [],
});

describe("working window", () => {
  test("the day's opening hours", () => {
    expect(workingWindow({ open: true, window: { start: M("09:00"), end: M("17:30") }, holiday: null })).toEqual({ start: 540, end: 1050 });
  });
  test("08:00–19:00 when the open day has no hours configured", () => {
    expect(workingWindow({ open: true, window: null, holiday: null })).toEqual({ start: 480, end: 1140 });
    expect(DEFAULT_WINDOW).toEqual({ start: 480, end: 1140 });
  });
  test("none on a closed day or a holiday", () => {
    expect(workingWindow({ open: false, reason: "closed", holiday: null })).toBeNull();
    expect(workingWindow({ open: false, reason: "holiday", holiday: "Natal" })).toBeNull();
  });
  test("an open holiday keeps its own hours", () => {
    expect(workingWindow({ open: true, window: { start: M("10:00"), end: M("14:00") }, holiday: "Aniversário" })).toEqual({ start: 600, end: 840 });
  });
});

describe("blocks", () => {
  test("a professional's services in one appointment are one block, lasting their sum (60 for no duration)", () => {
    const blocks = blocksOf([appt("a", "09:00", [["Corte", 30, "p1"], ["Barba", null, "p1"], ["Manicure", 40, "p2"], ["Escova", 45, null]])]);
    expect(blocks.map((b) => [b.professionalId, b.start, b.end, b.services])).toEqual([
      ["p2", 540, 580, ["Manicure"]],
      ["p1", 540, 630, ["Corte", "Barba"]],
    ]);
    expect(blocks[1]).toMatchObject({ appointmentId: "a", statusId: 2, clientName: "Cliente a" });
  });
  test("an appointment without professionals has no block", () => {
    expect(blocksOf([appt("a", "09:00", [["Corte", 30, null]]), appt("b", "10:00", [])])).toEqual([]);
  });
  test("clip keeps the part inside the window", () => {
    expect(clip({ start: M("07:30"), end: M("08:30") }, W)).toEqual({ start: 480, end: 510 });
    expect(clip({ start: M("17:30"), end: M("19:00") }, W)).toEqual({ start: 1050, end: 1080 });
    expect(clip({ start: M("06:00"), end: M("08:00") }, W)).toBeNull();
    expect(clip({ start: M("18:00"), end: M("19:00") }, W)).toBeNull();
  });
});

describe("busy time, gaps and utilization", () => {
  test("overlapping blocks are counted once", () => {
    const busy = busyTime([block("09:00", "10:30"), block("10:00", "11:00")], W);
    expect(busy).toEqual([{ start: 540, end: 660 }]);
    expect(utilizationPercent(busy, W)).toBe(20); // 120 of 600 minutes
  });
  test("adjacent blocks join without a gap between them", () => {
    const busy = busyTime([block("09:00", "10:00"), block("10:00", "11:00")], W);
    expect(busy).toEqual([{ start: 540, end: 660 }]);
    expect(freeGaps(busy, W)).toEqual([{ start: 480, end: 540 }, { start: 660, end: 1080 }]);
  });
  test("blocks out of the window count only inside it", () => {
    const busy = busyTime([block("07:00", "08:30"), block("17:45", "19:00"), block("19:00", "20:00")], W);
    expect(busy).toEqual([{ start: 480, end: 510 }, { start: 1065, end: 1080 }]);
    expect(utilizationPercent(busy, W)).toBe(8); // 45 of 600 = 7.5 → 8
  });
  test("cancelled blocks hold no time", () => {
    expect(busyTime([block("09:00", "10:00", 3)], W)).toEqual([]);
    expect(busyTime([block("09:00", "10:00", 1)], W)).toEqual([{ start: 540, end: 600 }]);
  });
  test("gaps of at least 30 minutes, at the start, between and at the end", () => {
    const busy = [{ start: M("08:20"), end: M("09:00") }, { start: M("09:30"), end: M("10:00") }, { start: M("10:29"), end: M("17:31") }];
    expect(freeGaps(busy, W)).toEqual([{ start: M("09:00"), end: M("09:30") }]);
    expect(freeGaps([], W)).toEqual([W]);
    expect(freeGaps([{ start: M("08:00"), end: M("18:00") }], W)).toEqual([]);
    expect(freeGaps([{ start: M("08:00"), end: M("17:30") }], W)).toEqual([{ start: M("17:30"), end: M("18:00") }]);
    expect(freeGaps([{ start: M("08:00"), end: M("17:31") }], W)).toEqual([]);
  });
  test("gaps ignore busy time outside the window and a custom minimum", () => {
    expect(freeGaps([{ start: M("06:00"), end: M("07:00") }, { start: M("19:00"), end: M("20:00") }], W)).toEqual([W]);
    expect(freeGaps([{ start: M("08:10"), end: M("18:00") }], W, 10)).toEqual([{ start: M("08:00"), end: M("08:10") }]);
  });
  test("utilization is capped at 100 and 0 for an empty window", () => {
    expect(utilizationPercent([{ start: 0, end: 1440 }], W)).toBe(100);
    expect(utilizationPercent([{ start: M("08:00"), end: M("18:00") }, { start: M("09:00"), end: M("12:00") }], W)).toBe(100);
    expect(utilizationPercent([{ start: M("09:00"), end: M("10:00") }], { start: 600, end: 600 })).toBe(0);
    expect(utilizationPercent([], W)).toBe(0);
  });
  test("utilization rounds to whole percent", () => {
    expect(utilizationPercent([{ start: M("08:00"), end: M("08:01") }], W)).toBe(0); // 0.17 %
    expect(utilizationPercent([{ start: M("08:00"), end: M("08:03") }], W)).toBe(1); // 0.5 %
    expect(utilizationPercent([{ start: M("08:00"), end: M("14:40") }], W)).toBe(67); // 66.7 %
  });
});

describe("timeline", () => {
  test("one mark per full hour inside the window", () => {
    expect(hourMarks({ start: M("08:00"), end: M("12:00") })).toEqual([480, 540, 600, 660, 720]);
    expect(hourMarks({ start: M("08:30"), end: M("10:45") })).toEqual([540, 600]);
  });
  test("positions are hours of the 56/44 px hour height; blocks at least 32 px", () => {
    expect(ALLOCATION).toMatchObject({ hourHeightPx: 56, narrowHourHeightPx: 44, minBlockHeightPx: 32 });
    expect(timelineVars({ start: M("09:00"), end: M("10:30") }, W)).toEqual({ "--at": 1, "--span": 1.5 });
    expect(timelineVars({ start: M("08:20"), end: M("08:40") }, W)).toEqual({ "--at": 0.3333, "--span": 0.3333 });
    expect(timelineLength(W)).toBe("calc(var(--hour-height) * 10)");
    expect(timelineLength({ start: W.start, end: M("09:30") })).toBe("calc(var(--hour-height) * 1.5)");
  });
  test("overlapping blocks get lanes side by side; separate ones stay full width", () => {
    const placed = placeBlocks(
      [block("09:00", "10:00", 2, "a"), block("09:30", "10:30", 3, "b"), block("09:45", "10:15", 1, "c"), block("10:30", "11:00", 2, "d"), block("11:00", "12:00", 2, "e")].map(
        (b) => ({ ...b, shown: { start: b.start, end: b.end } }),
      ),
    );
    const lanes = Object.fromEntries(placed.map((b) => [b.appointmentId, [b.lane, b.lanes]]));
    expect(lanes).toEqual({ a: [0, 3], b: [1, 3], c: [2, 3], d: [0, 1], e: [0, 1] });
  });
  test("a lane is reused once its block ended", () => {
    const placed = placeBlocks(
      [block("09:00", "10:00", 2, "a"), block("09:00", "11:00", 2, "b"), block("10:00", "10:30", 2, "c")].map((b) => ({ ...b, shown: { start: b.start, end: b.end } })),
    );
    expect(Object.fromEntries(placed.map((b) => [b.appointmentId, [b.lane, b.lanes]]))).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2] });
  });
});

describe("rows", () => {
  const always = { isWorking: true, start: null, end: null, breaks: [] };
  const pros: TimelineProfessional[] = [{ id: "p1", name: "Ana", day: always, timeOff: [] }, { id: "p2", name: "Bia", day: always, timeOff: [] }];
  const day = [
    appt("a", "08:00", [["Corte", 30, "p1"], ["Escova", 45, "p1"]]), // p1 08:00–09:15
    appt("b", "09:15", [["Coloração", 120, "p1"]], 1), // pending: p1 09:15–11:15
    appt("c", "13:00", [["Manicure", null, "p2"]], 3), // cancelled
    appt("d", "17:30", [["Barba", 60, "p2"]]), // p2 17:30–18:30, half outside
    appt("e", "19:00", [["Barba", 30, "p2"]]), // p2 entirely outside
    appt("f", "10:00", [["Escova", 45, null]]), // nobody
  ];

  test("by default: confirmed counted, pending drawn and marked, holding its time but not in the utilization", () => {
    const [ana, bia] = allocationRows(pros, day, W, false);
    expect(ana).toMatchObject({ id: "p1", name: "Ana", count: 1, pending: 1, outside: 0, utilization: 13 }); // 75 of 600 = 12.5 → 13
    expect(ana.blocks.map((b) => [b.appointmentId, b.shown, isPendingMark(b.statusId, false)])).toEqual([
      ["a", { start: 480, end: 555 }, false],
      ["b", { start: 555, end: 675 }, true],
    ]);
    // Not 'Livre' while the pending client holds 09:15–11:15.
    expect(ana.gaps).toEqual([{ start: 675, end: 1080 }]);
    expect(bia).toMatchObject({ count: 2, pending: 0, outside: 1, utilization: 5 }); // 30 of 600
    expect(bia.blocks.map((b) => [b.appointmentId, b.start, b.end, b.shown])).toEqual([["d", 1050, 1110, { start: 1050, end: 1080 }]]);
    expect(bia.gaps).toEqual([{ start: 480, end: 1050 }]);
  });

  test("all statuses: pending counts as busy, cancelled is shown but holds no time", () => {
    const [ana, bia] = allocationRows(pros, day, W, true);
    expect(ana).toMatchObject({ count: 2, pending: 0, utilization: 33 }); // 195 of 600 = 32.5 → 33
    expect(ana.gaps).toEqual([{ start: 675, end: 1080 }]);
    expect(bia.blocks.map((b) => [b.appointmentId, b.statusId])).toEqual([["c", 3], ["d", 2]]);
    expect(bia).toMatchObject({ count: 3, utilization: 5 });
    expect(bia.gaps).toEqual([{ start: 480, end: 1050 }]);
  });

  test("a hidden status that holds time (Concluído, Faltou) is not 'Livre' either", () => {
    const [ana] = allocationRows(pros, [appt("g", "08:00", [["Corte", 60, "p1"]], 4), appt("h", "10:00", [["Corte", 60, "p1"]], 5)], W, false);
    expect(ana.blocks).toEqual([]);
    expect(ana.gaps).toEqual([{ start: 540, end: 600 }, { start: 660, end: 1080 }]);
    expect(ana).toMatchObject({ count: 0, utilization: 0 });
  });

  test("free only inside working hours, outside breaks and time off; shaded with the reason", () => {
    const bia: TimelineProfessional = {
      id: "p2", name: "Bia", day: { isWorking: true, start: M("09:00"), end: M("17:00"), breaks: [{ start: M("12:00"), end: M("13:00") }] },
      timeOff: [{ start: M("15:00"), end: M("16:00") }],
    };
    const [row] = allocationRows([bia], day, W, false);
    expect(row.gaps).toEqual([{ start: M("09:00"), end: M("12:00") }, { start: M("13:00"), end: M("15:00") }, { start: M("16:00"), end: M("17:00") }]);
    expect(row.shades).toEqual([
      { start: M("08:00"), end: M("09:00"), kind: "outside" },
      { start: M("17:00"), end: M("18:00"), kind: "outside" },
      { start: M("12:00"), end: M("13:00"), kind: "break" },
      { start: M("15:00"), end: M("16:00"), kind: "time_off" },
    ]);
    // Shading is no part of the utilization: the 17:30 booking's 30 minutes inside the window.
    expect(row.utilization).toBe(5);
  });

  test("a day off: no 'Livre' at all, their bookings still drawn", () => {
    const [row] = allocationRows([{ id: "p2", name: "Bia", day: { isWorking: false, start: null, end: null, breaks: [] }, timeOff: [] }], day, W, false);
    expect(row.gaps).toEqual([]);
    expect(row.shades).toEqual([{ ...W, kind: "off" }]);
    expect(row.blocks.map((b) => b.appointmentId)).toEqual(["d"]);
  });

  test("time off: shaded, clipped to the window, never 'Livre', and no part of the utilization", () => {
    const away = [{ start: 420, end: 600 }, { start: 900, end: 960 }];
    const [ana, bia] = allocationRows([pros[0], { ...pros[1], timeOff: away }], day, W, false);
    expect(ana.shades).toEqual([]);
    expect(bia.shades).toEqual([{ start: 480, end: 600, kind: "time_off" }, { start: 900, end: 960, kind: "time_off" }]);
    expect(bia.gaps).toEqual([{ start: 600, end: 900 }, { start: 960, end: 1050 }]);
    expect(bia.utilization).toBe(5);
  });

  test("a professional without appointments is a free day", () => {
    const [, bia] = allocationRows(pros, [day[0]], W, false);
    expect(bia).toMatchObject({ count: 0, pending: 0, utilization: 0, blocks: [], gaps: [W], outside: 0, shades: [] });
  });

  test("the timeline day's professionals carry their working day and time off", () => {
    const workday = { isWorking: true, start: 540, end: 1020, breaks: [] };
    expect(timelineProfessionals({
      professionals: [{ id: "p1", name: "Ana" }, { id: "p2", name: "Bia" }],
      workdays: { p1: workday },
      timeOff: [{ professionalId: "p2", start: 600, end: 660 }],
    })).toEqual([
      { id: "p1", name: "Ana", day: workday, timeOff: [] },
      { id: "p2", name: "Bia", day: always, timeOff: [{ start: 600, end: 660 }] },
    ]);
  });

  test("appointments with a service nobody does are counted apart", () => {
    expect(unassignedCount(day, false)).toBe(1);
    expect(unassignedCount(day, true)).toBe(1);
    expect(unassignedCount([appt("x", "10:00", [["Escova", 45, null]], 1)], false)).toBe(0);
  });
});
