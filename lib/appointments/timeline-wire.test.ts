import { describe, expect, test } from "vitest";
import type { AllocationDay } from "./grid-day";
import { packAllocationDay, unpackAllocationDay } from "./timeline-wire";

const ANA = "0b6f6a3e-1111-4c4c-8888-000000000001";
const BIA = "0b6f6a3e-1111-4c4c-8888-000000000002";
const GONE = "0b6f6a3e-1111-4c4c-8888-000000000003"; // deactivated since: no column, still on a line

const day: AllocationDay = {
  date: "2026-11-24",
  window: { start: 480, end: 1140 },
  holiday: null,
  professionals: [{ id: ANA, name: "Ana" }, { id: BIA, name: "Bia" }],
  timeOff: [{ professionalId: BIA, start: 840, end: 1020 }],
  workdays: { [ANA]: { isWorking: true, start: 540, end: 1080, breaks: [{ start: 720, end: 780 }] }, [BIA]: { isWorking: false, start: 540, end: 780, breaks: [] } },
  appointments: [
    { id: "a1", time: "08:00", statusId: 2, clientName: "Carla", lines: [{ serviceName: "Corte", durationMinutes: 30, professionalId: ANA }] },
    {
      id: "a2", time: "09:30", statusId: 3, clientName: "Dora \"Dó\" Lima",
      lines: [
        { serviceName: "Escova", durationMinutes: 45, professionalId: BIA },
        { serviceName: "Corte", durationMinutes: null, professionalId: null },
        { serviceName: "Manicure", durationMinutes: 60, professionalId: GONE },
      ],
    },
    { id: "a3", time: "10:00", statusId: 1, clientName: "Eva", lines: [] },
    { id: "a4", time: "11:00", statusId: 1, clientName: "Fia", lines: [{ serviceName: "Corte", durationMinutes: 30, professionalId: ANA }], recurring: true },
  ],
};

describe("the allocation day on the wire", () => {
  test("unpacks to the very day it was packed from", () => {
    const wire = JSON.parse(JSON.stringify(packAllocationDay(day)));
    expect(unpackAllocationDay(wire)).toEqual(day);
  });

  test("names each service and line professional once, appointments as tuples", () => {
    const wire = packAllocationDay(day);
    expect(wire.services).toEqual(["Corte", "Escova", "Manicure"]);
    expect(wire.lineProfessionals).toEqual([ANA, BIA, GONE]);
    expect(wire.appointments[1]).toEqual(["a2", "09:30", 3, "Dora \"Dó\" Lima", [[1, 45, 1], [0, null, -1], [2, 60, 2]]]);
    // One of a series: a sixth element, 1.
    expect(wire.appointments[3]).toEqual(["a4", "11:00", 1, "Fia", [[0, 30, 0]], 1]);
    expect(wire.professionals).toEqual(day.professionals);
  });

  test("a closed day without appointments stays as it is", () => {
    const closed: AllocationDay = { date: "2026-12-25", window: null, holiday: "Natal", professionals: [], appointments: [], timeOff: [], workdays: {} };
    expect(packAllocationDay(closed)).toEqual({ ...closed, services: [], lineProfessionals: [] });
    expect(unpackAllocationDay(packAllocationDay(closed))).toEqual(closed);
  });
});
