import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { businessInputSchema, userInputSchema } from "@/lib/admin/schemas";
import { businessRegistrationSchema, signUpSchema } from "@/lib/auth/schemas";
import { addHolidaySchema } from "@/lib/business-hours/schemas";
import { businessProfileSchema, createBusinessSchema } from "@/lib/businesses/schemas";
import { clientFieldsSchema } from "@/lib/clients/schemas";
import { ingestBodySchema } from "@/lib/conversations/ingest-schema";
import { createApiKeySchema } from "@/lib/conversations/schemas";
import { employeeSignupSchema } from "@/lib/invitations/schemas";
import { contactSchema } from "@/lib/online-booking/schemas";
import { professionalFieldsSchema, restrictionsSchema } from "@/lib/professionals/schemas";
import { serviceFieldsSchema } from "@/lib/services/schemas";
import { staffEntrySchema } from "@/lib/waitlist/schemas";
import { singleLine, SINGLE_LINE_MESSAGE } from "@/lib/core/validation/single-line";

type Shaped = { shape: Record<string, z.ZodType> };

/** An object schema's field, through a transform's input side (a schema that reshapes its output). */
function fieldOf(schema: z.ZodType, field: string): z.ZodType | undefined {
  const shaped = schema as unknown as Partial<Shaped> & { _zod: { def: { in?: z.ZodType } } };
  if (shaped.shape) return shaped.shape[field];
  return shaped._zod.def.in ? fieldOf(shaped._zod.def.in, field) : undefined;
}

/** Every name a form or an endpoint saves, by the schema that checks it (issue 50, item 4). */
const NAMES: [string, z.ZodType, string][] = [
  ["admin: business name", businessInputSchema, "name"],
  ["admin: user's full name", userInputSchema, "fullName"],
  ["admin: user's company name", userInputSchema, "companyName"],
  ["holiday name", addHolidaySchema, "name"],
  ["new business name", createBusinessSchema, "name"],
  ["Meus Dados: business name", businessProfileSchema, "businessName"],
  ["Meus Dados: full name", businessProfileSchema, "fullName"],
  ["Meus Dados: contact name", businessProfileSchema, "contactName"],
  ["client name", clientFieldsSchema, "name"],
  ["bot API: client_name", ingestBodySchema, "client_name"],
  ["API key name", createApiKeySchema, "name"],
  ["employee sign-up: full name", employeeSignupSchema, "fullName"],
  ["sign-up: full name", signUpSchema, "fullName"],
  ["sign-up: company name", signUpSchema, "companyName"],
  ["'Cadastre seu Negócio': company name", businessRegistrationSchema, "companyName"],
  ["online booking and waitlist: the client's name", contactSchema, "name"],
  ["professional name", professionalFieldsSchema, "name"],
  ["service name", serviceFieldsSchema, "name"],
  ["waitlist (staff): name", staffEntrySchema, "name"],
];

/** Every feature schema that saves a name checks it with the one-line rule (lib/core/validation/single-line.ts). */
describe("names are one line", () => {
  test("around the line: a break typed at the ends is trimmed away first", () => {
    expect(professionalFieldsSchema.shape.name.parse("  Ana Lima\r\n")).toBe("Ana Lima");
    expect(singleLine(clientFieldsSchema.shape.name).safeParse("Ana\nLima").error?.issues[0].message).toBe(SINGLE_LINE_MESSAGE);
  });

  test.each(NAMES)("%s: a line break is refused with the Portuguese message; one line passes", (_what, schema, field) => {
    const name = fieldOf(schema, field)!;
    expect(name, field).toBeDefined();
    const refused = name.safeParse("Ana\r\nX-INJ:1");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toContain(SINGLE_LINE_MESSAGE);
    expect(name.safeParse("Ana Lima").success).toBe(true);
  });

  test("a break's label (Restrições) is one line too", () => {
    const day = (i: number) => ({ dayOfWeek: i, isWorking: i === 1, start: "09:00", end: "18:00", breaks: i === 1 ? [{ start: "12:00", end: "13:00", label: "Almoço\r\nX-INJ:1" }] : [] });
    const r = restrictionsSchema.safeParse({ professionalId: "22222222-2222-4222-8222-222222222222", days: [0, 1, 2, 3, 4, 5, 6].map(day) });
    expect(r.error?.issues.find((i) => i.path.join(".") === "days.1.breaks.0.label")?.message).toBe(SINGLE_LINE_MESSAGE);
  });
});
