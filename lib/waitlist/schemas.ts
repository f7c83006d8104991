import { optionalEmail } from "@/lib/core/validation/optional-text";
import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { dateSchema, timeSchema } from "@/lib/appointments/schemas";
import { contactSchema } from "@/lib/online-booking/schemas";
import { ANY_PROFESSIONAL } from "@/lib/online-booking/slots";
import { MAX_SERVICES } from "@/lib/online-booking/messages";
import { MAX_ENTRY_DAYS } from "./rules";
import { WAITLIST_MESSAGES as MSG } from "./messages";

const professionalChoice = z.union([z.literal(ANY_PROFESSIONAL), z.uuid("Profissional inválido")]);
const serviceIds = z
  .array(z.uuid("Serviço inválido"))
  .min(1, "Escolha pelo menos um serviço.")
  .max(MAX_SERVICES, `No máximo ${MAX_SERVICES} serviços.`)
  .refine((ids) => new Set(ids).size === ids.length, "Serviço repetido");
const dates = z
  .array(dateSchema)
  .min(1, MSG.pickDay)
  .max(MAX_ENTRY_DAYS, MSG.tooManyDays)
  .transform((ds) => [...new Set(ds)].sort());

/** What is wished: the services, the professional or 'Qualquer profissional', the days, 'Das'/'Até'. */
const wish = z.object({
  serviceIds,
  professionalId: professionalChoice,
  dates,
  timeFrom: timeSchema,
  timeUntil: timeSchema,
});
const orderedTimes = <T extends { timeFrom: string; timeUntil: string }>(v: T) => v.timeUntil >= v.timeFrom;

const emailGiven = { message: MSG.emailRequired, path: ["email"] };
const timesInOrder = { message: MSG.timeOrder, path: ["timeUntil"] };
const joinFields = contactSchema.extend({ dates, timeFrom: timeSchema, timeUntil: timeSchema });

/** The public form's own fields (the browser checks them with this before sending). */
export const joinFormSchema = joinFields
  .refine((v) => v.email !== null, emailGiven)
  .refine(orderedTimes, timesInOrder);
export type JoinFormFields = z.input<typeof joinFormSchema>;

/**
 * 'Entrar na lista de espera' on /agendar/{slug}: the page's slug (never a business id), the wish,
 * and the client's name, phone and e-mail — required here: the offer goes to it.
 */
export const joinSchema = joinFields
  .extend({ slug: z.string().trim().min(1).max(60), serviceIds, professionalId: professionalChoice })
  .refine((v) => v.email !== null, emailGiven)
  .refine(orderedTimes, timesInOrder);
export type JoinInput = z.output<typeof joinSchema>;
export type JoinFields = z.input<typeof joinSchema>;

/**
 * 'Adicionar à lista de espera' on the agenda: a registered client (their id) or a name and phone
 * typed; the e-mail optional (an entry without one is offered nothing by e-mail: the staff call).
 */
export const staffEntrySchema = wish
  .extend({
    clientId: z.uuid("Cliente inválido").nullable().default(null),
    name: singleLine(z.string().trim().min(1, "Informe o nome.").max(120, "Máximo de 120 caracteres")),
    phone: z.string().trim().min(1, "Informe o telefone.").max(40, "Máximo de 40 caracteres"),
    email: optionalEmail("E-mail inválido", { lowercase: true }),
  })
  .refine(orderedTimes, timesInOrder);
export type StaffEntryInput = z.output<typeof staffEntrySchema>;
export type StaffEntryFields = z.input<typeof staffEntrySchema>;

export const entryIdSchema = z.object({ id: z.uuid(MSG.notFound) });
export const bookedSchema = entryIdSchema.extend({ appointmentId: z.uuid(MSG.notFound) });

/** 'Quero este horário': the token alone says which offer. */
export const claimSchema = z.object({ token: z.string().trim().min(20).max(100) });

/** The staff's read of one day's waitlist. */
export const dayQuerySchema = z.object({ date: dateSchema });
