import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import { STATUS } from "@/lib/appointments/status";
import { buildFeed, clientFirstName, eventSpan, eventStatus, eventSummary, eventUid, feedWindow, type FeedAppointment, type FeedOwner, type FeedTimeOff } from "./ical";

const OWNER: FeedOwner = { professionalId: "22222222-2222-4222-8222-222222222222", professionalName: "Ana Lima", businessName: "Studio Bela Vista" };

const appointment = (over: Partial<FeedAppointment> = {}): FeedAppointment => ({
  id: "11111111-1111-4111-8111-111111111111",
  date: "2031-03-03",
  time: "10:00",
  statusId: STATUS.confirmado,
  revision: 0,
  createdAt: new Date("2031-02-01T12:00:00.000Z"),
  updatedAt: new Date("2031-02-02T12:30:15.250Z"),
  clientName: "Maria da Silva",
  services: [{ name: "Corte", durationMinutes: 45 }, { name: "Escova", durationMinutes: null }],
  ...over,
});

function events(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return { cal, events: cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
}

describe("what an event says", () => {
  test.each([
    ["Maria da Silva", "Maria"],
    ["  maria  ", "maria"],
    ["José\tCarlos", "José"],
    ["Ana", "Ana"],
    ["", "Cliente"],
    ["   ", "Cliente"],
  ])("the first name of %j is %j", (name, first) => {
    expect(clientFirstName(name)).toBe(first);
  });

  test("the summary: first name and services, nothing else", () => {
    expect(eventSummary(appointment())).toBe("Maria — Corte + Escova");
    expect(eventSummary(appointment({ services: [] }))).toBe("Maria");
    expect(eventSummary(appointment({ services: [{ name: " Barba ", durationMinutes: 30 }] }))).toBe("Maria — Barba");
  });

  test("status: pendente tentative, cancelado cancelled, the others confirmed", () => {
    expect(eventStatus(STATUS.pendente)).toBe("TENTATIVE");
    expect(eventStatus(STATUS.cancelado)).toBe("CANCELLED");
    for (const s of [STATUS.confirmado, STATUS.concluido, STATUS.faltou]) expect(eventStatus(s)).toBe("CONFIRMED");
  });

  test("the UID names the appointment and the professional", () => {
    expect(eventUid("a", "p")).toBe("a-p@agenda");
  });

  test("the span: from the business's wall clock, the professional's services one after another (60 min without a duration)", () => {
    const { start, end } = eventSpan(appointment());
    // Cuiabá is UTC-4 (no daylight saving since 2019): 10:00 there is 14:00Z, whatever the server's zone.
    expect(start.toISOString()).toBe("2031-03-03T14:00:00.000Z");
    expect(end.toISOString()).toBe("2031-03-03T15:45:00.000Z");
    expect(eventSpan(appointment({ time: "23:30", services: [{ name: "Corte", durationMinutes: 60 }] })).end.toISOString()).toBe("2031-03-04T04:30:00.000Z");
  });

  test("the window: 30 days back to 90 ahead", () => {
    expect(feedWindow("2031-03-03")).toEqual({ from: "2031-02-01", to: "2031-06-01" });
  });
});

describe("the calendar", () => {
  test("parses back: one event per appointment with its UID, UTC times of the business's hour, SEQUENCE, status", () => {
    const text = buildFeed(OWNER, [
      appointment(),
      appointment({ id: "33333333-3333-4333-8333-333333333333", time: "14:30", statusId: STATUS.cancelado, revision: 4, clientName: "João Souza" }),
    ]);
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text).toMatch(/\r\nVERSION:2\.0\r\n/);
    // Every line at most 75 octets (RFC 5545 §3.1).
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);

    const { cal, events: [first, second] } = events(text);
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Agenda de Ana Lima — Studio Bela Vista");
    expect(cal.getFirstPropertyValue("x-wr-timezone")).toBe("America/Cuiaba");
    expect(first.uid).toBe(`11111111-1111-4111-8111-111111111111-${OWNER.professionalId}@agenda`);
    expect(first.summary).toBe("Maria — Corte + Escova");
    expect(first.startDate.toJSDate().toISOString()).toBe("2031-03-03T14:00:00.000Z");
    expect(first.startDate.zone.tzid).toBe("UTC");
    expect(first.endDate.toJSDate().toISOString()).toBe("2031-03-03T15:45:00.000Z");
    expect(first.sequence).toBe(0);
    expect(first.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(first.component.getFirstPropertyValue("dtstamp")?.toString()).toBe("2031-02-02T12:30:15Z");

    expect(second.summary).toBe("João — Corte + Escova");
    expect(second.sequence).toBe(4);
    expect(second.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(second.component.getFirstPropertyValue("transp")).toBe("TRANSPARENT");
  });

  // Issue 52, item 9: the professional's time off is busy in their calendar too.
  test("time off: whole days as all-day busy events to the day after; hours as the business's instants; no reason", () => {
    const off = (over: Partial<FeedTimeOff>): FeedTimeOff => ({
      id: "44444444-4444-4444-8444-444444444444", startDate: "2031-03-10", endDate: "2031-03-12", startTime: null, endTime: null,
      createdAt: new Date("2031-02-05T10:00:00.000Z"), ...over,
    });
    const text = buildFeed(OWNER, [appointment()], [off({}), off({ id: "55555555-5555-4555-8555-555555555555", startDate: "2031-03-20", endDate: "2031-03-20", startTime: "14:00", endTime: "18:00" })]);
    const { events: [, days, hours] } = events(text);
    expect(days.summary).toBe("Folga");
    expect(days.uid).toBe("44444444-4444-4444-8444-444444444444-folga@agenda");
    expect(days.startDate.isDate).toBe(true);
    expect(days.startDate.toString()).toBe("2031-03-10");
    expect(days.endDate.toString()).toBe("2031-03-13");
    expect(days.component.getFirstPropertyValue("transp")).toBe("OPAQUE");
    expect(hours.startDate.toJSDate().toISOString()).toBe("2031-03-20T18:00:00.000Z");
    expect(hours.endDate.toJSDate().toISOString()).toBe("2031-03-20T22:00:00.000Z");
    expect(hours.component.getFirstPropertyValue("transp")).toBe("OPAQUE");
  });

  test("the same rows make the same text (its hash is the ETag), whatever the time of the call", async () => {
    const rows = [appointment()];
    const a = buildFeed(OWNER, rows);
    await new Promise((r) => setTimeout(r, 1100));
    expect(buildFeed(OWNER, rows)).toBe(a);
  });

  test("no appointments: a valid empty calendar", () => {
    const { cal, events: list } = events(buildFeed(OWNER, []));
    expect(cal.name).toBe("vcalendar");
    expect(list).toEqual([]);
  });

  test("names with commas, semicolons and line breaks are escaped, not split", () => {
    const { events: [e] } = events(buildFeed(OWNER, [appointment({ services: [{ name: "Corte; lavagem, escova\nfinal", durationMinutes: 30 }] })]));
    expect(e.summary).toBe("Maria — Corte; lavagem, escova\nfinal");
  });

  // Issue 50, item 4: NAME and X-WR-CALNAME went out as given; a line break in a name was a property line.
  test("a professional or business name with a line break adds no property: the calendar's name is flattened and escaped", () => {
    const owner = { ...OWNER, professionalName: "Ana\r\nX-INJ:1", businessName: "Studio\nBEGIN:VEVENT\r\nSUMMARY:falso;x,y" };
    const text = buildFeed(owner, [appointment()]);
    const { cal, events: list } = events(text);
    const names = (c: InstanceType<typeof ICAL.Component>): string[] => [
      ...c.getAllProperties().map((p) => `${c.name}.${p.name}`),
      ...c.getAllSubcomponents().flatMap(names),
    ];
    const all = names(cal);
    expect(all.filter((n) => /x-inj/i.test(n))).toEqual([]);
    expect(new Set(all.filter((n) => n.startsWith("vcalendar.")))).toEqual(
      new Set(["vcalendar.version", "vcalendar.prodid", "vcalendar.name", "vcalendar.x-wr-calname", "vcalendar.refresh-interval", "vcalendar.x-published-ttl", "vcalendar.x-wr-timezone"]),
    );
    expect(list).toHaveLength(1);
    expect(list[0].summary).toBe("Maria — Corte + Escova");
    // One line each (unfolded), escaped as SUMMARY is.
    const unfolded = text.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain("\r\nNAME:Agenda de Ana X-INJ:1 — Studio BEGIN:VEVENT SUMMARY:falso\\;x\\,y\r\n");
    expect(unfolded).toContain("\r\nX-WR-CALNAME:Agenda de Ana X-INJ:1 — Studio BEGIN:VEVENT SUMMARY:falso\\;x\\,y\r\n");
  });

  // ical-generator's line folding is patched (patches/ical-generator+10.2.0.patch): it built a
  // TextEncoder per character, 0.4 s for a busy professional's 1,100 events. Same octets, same lines.
  test("long lines with accents and emoji fold at 75 octets and unfold to the same text", () => {
    const long = "Corte — coloração, hidratação ✂️ 😀 ".repeat(12).trim();
    const text = buildFeed(OWNER, [appointment({ clientName: "Conceição Araújo", services: [{ name: long, durationMinutes: 30 }] })]);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(events(text).events[0].summary).toBe(`Conceição — ${long}`);
  });
});
