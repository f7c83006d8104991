import { expect, test } from "vitest";
import { bookingIcs } from "./ics";

const booking = {
  appointmentId: "0b7e6a4e-8f4a-4c4e-9d6b-0a7e6a4e8f4a",
  date: "2026-05-04",
  time: "14:30",
  statusId: 1,
  business: { name: "Studio Bela Vista", phone: "(65) 3322-4455", address: "Av. Historiador Rubens de Mendonça, 1200 - Cuiabá" },
  lines: [
    { service: "Corte masculino", durationMinutes: 30, professional: "Rafael Souza" },
    { service: "Hidratação", durationMinutes: null, professional: "Rafael Souza" },
  ],
};

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

test("the start is the business's 14:30 (UTC−4), written in UTC, whatever the server zone (Asia/Tokyo here)", () => {
  expect(process.env.TZ).toBe("Asia/Tokyo");
  const ics = unfold(bookingIcs(booking, "http://localhost:3000/agendar/reserva/abc"));
  expect(ics).toMatch(/^BEGIN:VCALENDAR/);
  expect(ics).toContain("DTSTART:20260504T183000Z");
  // 30 minutes + 60 for the service without a duration.
  expect(ics).toContain("DURATION:PT90M");
  expect(ics).toContain("SUMMARY:Corte masculino + Hidratação — Studio Bela Vista");
  expect(ics).toContain("UID:0b7e6a4e-8f4a-4c4e-9d6b-0a7e6a4e8f4a@agenda");
  expect(ics).toContain("STATUS:TENTATIVE");
  expect(ics).toContain("http://localhost:3000/agendar/reserva/abc");
  expect(ics).toContain("LOCATION:Av. Historiador Rubens de Mendonça\\, 1200 - Cuiabá");
});

test("a confirmed booking is CONFIRMED", () => {
  expect(unfold(bookingIcs({ ...booking, statusId: 2 }, "http://x/y"))).toContain("STATUS:CONFIRMED");
});
