import { describe, expect, test } from "vitest";
import { STATUS } from "@/lib/appointments/status";
import { reminderDueAt } from "@/lib/jobs/rules";
import { LEAD_OPTIONS, leadsWithoutCancelLink, noCancelLinkText } from "@/lib/notifications/messages";
import { CANCEL_DEADLINE_OPTIONS } from "@/lib/online-booking/messages";
import { cancelByLinkOpen, linkState } from "./state";

const link = (over: Partial<Parameters<typeof linkState>[0]> = {}) => ({
  purpose: "confirm" as const, usedAt: null, statusId: STATUS.pendente, date: "2026-12-10", time: "10:00",
  business: { cancelDeadlineHours: 2 }, ...over,
});
const at = (iso: string) => new Date(iso);

describe("linkState", () => {
  test("a fresh link acts until the start", () => {
    expect(linkState(link(), at("2026-12-10T13:59:00Z"))).toBe("ready");
    expect(linkState(link(), at("2026-12-10T14:00:00Z"))).toBe("invalid");
  });
  test("the appointment's current start decides, whatever start the link was sent for", () => {
    // Sent for 10 December 10:00 (Cuiabá, UTC−4); moved earlier to the 9th, 10:00: over on the 9th at 14:00 UTC.
    expect(linkState(link({ date: "2026-12-09" }), at("2026-12-09T14:00:00Z"))).toBe("invalid");
    expect(linkState(link({ date: "2026-12-09", time: "09:00" }), at("2026-12-09T13:30:00Z"))).toBe("invalid");
    // Moved later, to the 12th at 08:30: still acting after the start it was sent for.
    expect(linkState(link({ date: "2026-12-12", time: "08:30" }), at("2026-12-10T15:00:00Z"))).toBe("ready");
    expect(linkState(link({ date: "2026-12-12", time: "08:30" }), at("2026-12-12T12:29:59Z"))).toBe("ready");
    expect(linkState(link({ date: "2026-12-12", time: "08:30" }), at("2026-12-12T12:30:00Z"))).toBe("invalid");
    // 'Preciso cancelar' counts its notice from the new start as well.
    expect(linkState(link({ purpose: "cancel", date: "2026-12-12", time: "08:30" }), at("2026-12-12T10:30:00Z"))).toBe("ready");
    expect(linkState(link({ purpose: "cancel", date: "2026-12-12", time: "08:30" }), at("2026-12-12T10:30:01Z"))).toBe("too-late");
  });
  test("once only, and only for an active appointment", () => {
    expect(linkState(link({ usedAt: at("2026-12-09T00:00:00Z") }), at("2026-12-09T10:00:00Z"))).toBe("used");
    expect(linkState(link({ statusId: STATUS.cancelado }), at("2026-12-09T10:00:00Z"))).toBe("not-active");
    expect(linkState(link({ statusId: STATUS.concluido }), at("2026-12-09T10:00:00Z"))).toBe("not-active");
  });
  test("'Preciso cancelar' keeps the minimum notice; after it, the page says to call", () => {
    const cancel = link({ purpose: "cancel" });
    expect(linkState(cancel, at("2026-12-10T12:00:00Z"))).toBe("ready");
    expect(linkState(cancel, at("2026-12-10T12:00:01Z"))).toBe("too-late");
    // Confirming has no such limit.
    expect(linkState(link(), at("2026-12-10T13:00:00Z"))).toBe("ready");
  });
});

describe("cancelByLinkOpen: what a reminder decides as it is sent", () => {
  const appointment = (hours: number) => ({ date: "2026-12-10", time: "10:00", business: { cancelDeadlineHours: hours } });
  test("open up to the notice, closed after it", () => {
    expect(cancelByLinkOpen(appointment(2), at("2026-12-10T12:00:00Z"))).toBe(true);
    expect(cancelByLinkOpen(appointment(2), at("2026-12-10T12:00:01Z"))).toBe(false);
    expect(cancelByLinkOpen(appointment(0), at("2026-12-10T13:59:59Z"))).toBe(true);
  });
  test("the 'Lembretes' card names exactly the lead times whose reminder, sent when due, has no cancel link", () => {
    for (const hours of CANCEL_DEADLINE_OPTIONS) {
      for (const lead of LEAD_OPTIONS) {
        // The queue runs a job at its due time or after it, never before.
        const sent = new Date(reminderDueAt("2026-12-10", "10:00", lead).getTime() + 1);
        expect(leadsWithoutCancelLink([lead], hours).length === 0, `${lead} min, ${hours} h`).toBe(cancelByLinkOpen(appointment(hours), sent));
      }
    }
  });
  test("the card's words", () => {
    expect(noCancelLinkText([1440, 120], 2)).toBe(
      "O lembrete de 2 horas antes vai sem o link 'Preciso cancelar': o cancelamento pelo link vai até 2 horas antes do horário ('Cancelamento pelo cliente', em Agendamento online). Ele pede ao cliente que ligue para o estabelecimento.",
    );
    expect(noCancelLinkText([60, 30], 1)).toMatch(/^Os lembretes de 1 hora antes e de 30 minutos antes vão sem o link 'Preciso cancelar': o cancelamento pelo link vai até 1 hora antes/);
    expect(noCancelLinkText([1440, 180], 2)).toBeNull();
  });
});
