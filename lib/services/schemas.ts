import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { SERVICE_MESSAGES } from "./messages";

/** One day: a longer service could never fit in a professional's day. */
export const MAX_DURATION_MINUTES = 24 * 60;

/** The duration input as typed ("45", 45, "" or null) → whole minutes, or null when empty. */
export const durationSchema = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    const text = typeof v === "number" ? String(v) : (v ?? "").trim();
    if (text === "") return null;
    if (!/^-?\d+$/.test(text)) {
      ctx.addIssue({ code: "custom", message: SERVICE_MESSAGES.durationWhole });
      return z.NEVER;
    }
    const n = Number(text);
    if (n < 1) ctx.addIssue({ code: "custom", message: SERVICE_MESSAGES.durationMin });
    else if (n > MAX_DURATION_MINUTES) ctx.addIssue({ code: "custom", message: SERVICE_MESSAGES.durationMax });
    return n;
  });

/** Spec section 5, Services: name required; duration a whole number ≥ 1; empty duration and description saved as null. */
export const serviceFieldsSchema = z.object({
  name: singleLine(z.string().trim().min(1, SERVICE_MESSAGES.nameRequired).max(200, "Máximo de 200 caracteres")),
  description: z
    .string()
    .trim()
    .max(1000, "Máximo de 1000 caracteres")
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  durationMinutes: durationSchema,
  // Absent: a new service is active, an edit keeps what the service was (a caller that predates the
  // switch never re-activates a service by saving its name).
  active: z.boolean().optional(),
});
export type ServiceFields = z.input<typeof serviceFieldsSchema>;

export const serviceIdSchema = z.object({ id: z.uuid(SERVICE_MESSAGES.notFound) });
export const updateServiceSchema = serviceFieldsSchema.extend(serviceIdSchema.shape);
/** 'Desativar' (offered when a used service can't be deleted) and its way back. */
export const setServiceActiveSchema = serviceIdSchema.extend({ active: z.boolean() });

/** 24 cards per page: 2, 3 and 4 columns all fill their rows. */
export const SERVICES_PAGE_SIZE = 24;
