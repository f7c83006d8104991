import { describe, expect, test } from "vitest";
import { STATUS } from "@/lib/appointments/status";
import type { AppointmentNotice } from "./queries";
import { firstName } from "@/lib/core/format/name";
import { dailyCronAt, leadText, reminderDueAt, reminderVerdict } from "./rules";

const notice = (over: Partial<AppointmentNotice> = {}): AppointmentNotice => ({
  appointmentId: "a1", businessId: "b1", date: "2026-12-10", time: "10:00", startTime: "10:00:00", statusId: STATUS.pendente, source: "staff",
  client: { name: "Ana Souza", email: "ana@exemplo.com", phone: null },
  business: { name: "Studio", phone: null, address: null, cancelDeadlineHours: 2 },
  lines: [], settings: { remindersEnabled: true, leadMinutes: [1440, 120], channels: ["email"], ownerEmails: true, clientChangeMessages: true },
  ...over,
});
const job = (lead = 120, time = "10:00") => ({ appointmentId: "a1", businessId: "b1", lead, due: reminderDueAt("2026-12-10", time, lead).toISOString() });
const before = new Date("2026-12-09T00:00:00Z");

describe("reminderDueAt", () => {
  test("is the start in Cuiabá (UTC−4) minus the lead", () => {
    expect(reminderDueAt("2026-12-10", "10:00", 120).toISOString()).toBe("2026-12-10T12:00:00.000Z");
    expect(reminderDueAt("2026-12-10", "10:00", 1440).toISOString()).toBe("2026-12-09T14:00:00.000Z");
  });
});

describe("reminderVerdict", () => {
  test("sends while the appointment is as the job knew it", () => {
    expect(reminderVerdict(notice(), job(), before)).toBe("send");
    expect(reminderVerdict(notice({ statusId: STATUS.confirmado }), job(), before)).toBe("send");
  });
  test("sends nothing for a gone, cancelled, concluded, moved, switched-off or started appointment", () => {
    expect(reminderVerdict(null, job(), before)).toBe("gone");
    expect(reminderVerdict(notice({ businessId: "b2" }), job(), before)).toBe("gone");
    expect(reminderVerdict(notice({ statusId: STATUS.cancelado }), job(), before)).toBe("not-active");
    expect(reminderVerdict(notice({ statusId: STATUS.concluido }), job(), before)).toBe("not-active");
    expect(reminderVerdict(notice({ time: "11:00", startTime: "11:00:00" }), job(), before)).toBe("moved");
    // Seconds count: a start at 10:00:30 is not the job's 10:00.
    expect(reminderVerdict(notice({ startTime: "10:00:30" }), job(), before)).toBe("moved");
    expect(reminderVerdict(notice({ startTime: "10:00:30" }), job(120, "10:00:30"), before)).toBe("send");
    expect(reminderVerdict(notice({ settings: { ...notice().settings, remindersEnabled: false } }), job(), before)).toBe("switched-off");
    expect(reminderVerdict(notice({ settings: { ...notice().settings, leadMinutes: [1440] } }), job(), before)).toBe("switched-off");
    expect(reminderVerdict(notice(), job(), new Date("2026-12-10T14:00:00Z"))).toBe("started");
  });
});

describe("texts and times", () => {
  test("lead times in words", () => {
    expect(leadText(30)).toBe("30 minutos");
    expect(leadText(60)).toBe("1 hora");
    expect(leadText(1440)).toBe("24 horas");
  });
  test("07:00 in Cuiabá is 11:00 UTC for graphile-worker's cron", () => {
    expect(dailyCronAt(7, new Date("2026-06-01T12:00:00Z"))).toBe("0 11 * * *");
    expect(dailyCronAt(22, new Date("2026-01-01T12:00:00Z"))).toBe("0 2 * * *");
  });
  test("first name", () => {
    expect(firstName("  Ana   Souza ")).toBe("Ana");
  });
});
