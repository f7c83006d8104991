import { optionalEmail } from "@/lib/core/validation/optional-text";
import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { dateSchema, timeSchema } from "@/lib/appointments/schemas";
import { localPhoneDigits } from "@/lib/core/format/phone";
import { ANY_PROFESSIONAL } from "./slots";
import { slugProblem, SLUG_PROBLEM_TEXT } from "./slug";
import { MAX_SERVICES, ONLINE_MESSAGES } from "./messages";

/**
 * A Brazilian phone: DDD (11–99, no zero digit) and the number, 10 digits for a landline or 11 for a
 * mobile (starting with 9), with or without +55 and any punctuation.
 */
export function isBrazilianPhone(phone: string): boolean {
  const d = localPhoneDigits(phone);
  if (d.length !== 10 && d.length !== 11) return false;
  if (d[0] === "0" || d[1] === "0") return false;
  if (d.length === 11) return d[2] === "9";
  return d[2] >= "2";
}

/** The client's own fields on the public page, and the honeypot. */
export const contactSchema = z.object({
  name: singleLine(z.string().trim().min(1, ONLINE_MESSAGES.nameRequired).max(120, "Máximo de 120 caracteres")),
  phone: z.string().trim().max(40, ONLINE_MESSAGES.phoneInvalid).refine(isBrazilianPhone, ONLINE_MESSAGES.phoneInvalid),
  email: optionalEmail(ONLINE_MESSAGES.emailInvalid, { lowercase: true }),
  /** Hidden from people; a bot that fills every field fills this one too. */
  website: z.string().max(500).optional().default(""),
});
export type ContactFields = z.input<typeof contactSchema>;

const professionalChoice = z.union([z.literal(ANY_PROFESSIONAL), z.uuid("Profissional inválido")]);
const serviceIds = z
  .array(z.uuid("Serviço inválido"))
  .min(1, ONLINE_MESSAGES.pickService)
  .max(MAX_SERVICES, `No máximo ${MAX_SERVICES} serviços por agendamento.`)
  .refine((ids) => new Set(ids).size === ids.length, "Serviço repetido");

/** What the page sends to book: its own slug (never a business id), the choices, the client's fields. */
export const bookingSchema = contactSchema.extend({
  slug: z.string().trim().min(1).max(60),
  serviceIds,
  professionalId: professionalChoice,
  date: dateSchema,
  time: timeSchema,
});
export type BookingInput = z.output<typeof bookingSchema>;

/** The slots list's query string: ?date=YYYY-MM-DD&services=id,id&professional=any|id */
export const slotsQuerySchema = z.object({
  date: dateSchema,
  services: z.string().max(MAX_SERVICES * 37).transform((v) => v.split(",").filter(Boolean)).pipe(serviceIds),
  professional: professionalChoice,
});

export const cancelSchema = z.object({ token: z.string().trim().min(20).max(100) });

/** The owner's 'Agendamento online' card. */
export const onlineSettingsSchema = z.object({
  slug: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = slugProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: SLUG_PROBLEM_TEXT[problem] });
    }),
  enabled: z.boolean(),
  cancelDeadlineHours: z.number().int().min(0, "Entre 0 e 168 horas").max(168, "Entre 0 e 168 horas"),
  maxFutureBookings: z.number().int().min(1, "Entre 1 e 20").max(20, "Entre 1 e 20"),
});
export type OnlineSettingsFields = z.input<typeof onlineSettingsSchema>;
