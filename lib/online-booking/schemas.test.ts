import { describe, expect, test } from "vitest";
import { bookingSchema, contactSchema, isBrazilianPhone, onlineSettingsSchema, slotsQuerySchema } from "./schemas";

describe("isBrazilianPhone", () => {
  test.each(["(65) 99999-1234", "65999991234", "+55 65 99999-1234", "5565999991234", "(65) 3025-1000", "11 2345-6789", "(55) 99999-1234"])("%s is valid", (p) => {
    expect(isBrazilianPhone(p)).toBe(true);
  });
  test.each(["", "9999-1234", "(65) 89999-1234", "(06) 99999-1234", "(60) 9999-1234", "(65) 1025-1000", "123", "65 99999 12345 6", "abc"])("%s is refused", (p) => {
    expect(isBrazilianPhone(p)).toBe(false);
  });
});

describe("contactSchema", () => {
  test("trims, lowercases the e-mail, empty e-mail is none, honeypot defaults to empty", () => {
    expect(contactSchema.parse({ name: "  Maria  ", phone: " (65) 99999-1234 ", email: " Maria@Exemplo.COM " })).toEqual({
      name: "Maria", phone: "(65) 99999-1234", email: "maria@exemplo.com", website: "",
    });
    expect(contactSchema.parse({ name: "Maria", phone: "65999991234", email: "" }).email).toBeNull();
  });

  test("name and phone required, e-mail well formed", () => {
    const r = contactSchema.safeParse({ name: " ", phone: "123", email: "x@" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0]).sort()).toEqual(["email", "name", "phone"]);
  });
});

test("bookingSchema: 1 to 5 distinct services, 'any' or a professional id", () => {
  const base = { slug: "studio", name: "Ana", phone: "65999991234", date: "2026-05-04", time: "14:00", professionalId: "any" };
  const id = "0b7e6a4e-8f4a-4c4e-9d6b-0a7e6a4e8f4a";
  expect(bookingSchema.safeParse({ ...base, serviceIds: [id] }).success).toBe(true);
  expect(bookingSchema.safeParse({ ...base, serviceIds: [] }).success).toBe(false);
  expect(bookingSchema.safeParse({ ...base, serviceIds: [id, id] }).success).toBe(false);
  expect(bookingSchema.safeParse({ ...base, serviceIds: [id], professionalId: "someone" }).success).toBe(false);
  expect(bookingSchema.safeParse({ ...base, serviceIds: [id], time: "25:00" }).success).toBe(false);
});

test("slotsQuerySchema splits the services list", () => {
  const id = "0b7e6a4e-8f4a-4c4e-9d6b-0a7e6a4e8f4a";
  expect(slotsQuerySchema.parse({ date: "2026-05-04", services: `${id},`, professional: "any" }).services).toEqual([id]);
  expect(slotsQuerySchema.safeParse({ date: "2026-05-04", services: "", professional: "any" }).success).toBe(false);
  expect(slotsQuerySchema.safeParse({ date: "2026-02-30", services: id, professional: "any" }).success).toBe(false);
});

test("onlineSettingsSchema: the slug's rules and the limits", () => {
  const ok = { slug: "studio-bela-vista", enabled: true, cancelDeadlineHours: 2, maxFutureBookings: 3 };
  expect(onlineSettingsSchema.safeParse(ok).success).toBe(true);
  expect(onlineSettingsSchema.safeParse({ ...ok, slug: "Studio Bela" }).error?.issues[0].message).toMatch(/letras minúsculas/);
  expect(onlineSettingsSchema.safeParse({ ...ok, slug: "reserva" }).error?.issues[0].message).toMatch(/reservado/);
  expect(onlineSettingsSchema.safeParse({ ...ok, cancelDeadlineHours: 200 }).success).toBe(false);
  expect(onlineSettingsSchema.safeParse({ ...ok, maxFutureBookings: 0 }).success).toBe(false);
});
