import { z } from "zod";
import { APPOINTMENT_MESSAGES } from "./messages";
import { isTimeOfDay, normaliseTime } from "@/lib/core/time/time-of-day";
import { parseDateOnly } from "@/lib/core/time/business-date";
import { newClientSchema } from "@/lib/clients/schemas";
import { singleLine } from "@/lib/core/validation/single-line";
import { FREQUENCIES, MAX_OCCURRENCES, occurrences, RECURRENCE_TEXT } from "./rules/recurrence";

/** 'Este cliente já tem um agendamento às HH:MM. Para adicionar mais serviços, …' */
export function clientBusyText(time: string): string {
  return `Este cliente já tem um agendamento às ${time}. Para adicionar mais serviços, edite o agendamento existente ao invés de criar um novo.`;
}

/** 'Profissional(is) indisponível(eis) no horário selecionado: {names}. …' */
export function professionalsBusyText(names: string[]): string {
  return `Profissional(is) indisponível(eis) no horário selecionado: ${names.join(", ")}. Escolha outro horário ou profissional.`;
}


// abort: the object refinements that compare dates (the appointments.days read, the availability) must never
// run on an impossible one such as 2025-02-29 (zod would run them and daysBetween would throw).
export const dateSchema = z.string().refine(
  (v) => {
    try {
      parseDateOnly(v);
      return true;
    } catch {
      return false;
    }
  },
  { message: "Data inválida", abort: true },
);

export const timeSchema = z
  .string({ message: APPOINTMENT_MESSAGES.timeRequiredDescription })
  .trim()
  .min(1, APPOINTMENT_MESSAGES.timeRequiredDescription)
  .refine((v) => isTimeOfDay(v), "Horário inválido")
  .transform((v) => normaliseTime(v));

/** A line; `afterPrevious`: 'Em seguida' (true) or 'Ao mesmo tempo' (false); absent, the default (withTiming). */
const lineSchema = z.object({
  serviceId: z.uuid("Serviço inválido"),
  professionalId: z.uuid("Profissional inválido").nullable(),
  afterPrevious: z.boolean("Escolha 'Em seguida' ou 'Ao mesmo tempo'").optional(),
});

const appointmentFields = z.object({
  client: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("existing"), id: z.uuid(APPOINTMENT_MESSAGES.clientRequiredDescription) }),
    z.object({ kind: z.literal("new"), fields: newClientSchema }),
  ], { message: APPOINTMENT_MESSAGES.clientRequiredDescription }),
  date: dateSchema,
  time: timeSchema,
  lines: z.array(lineSchema).max(20, "No máximo 20 serviços por agendamento"),
  /** 'Encaixe fora do horário': book even outside the business's hours, on purpose. */
  outsideHours: z.boolean().default(false),
  /** The professional whose 'Grade' column the booking was made from (a cell or the column's '+'). */
  professionalId: z.uuid("Profissional inválido").nullable().optional(),
});
const distinctServices = (v: { lines: { serviceId: string }[] }) => new Set(v.lines.map((l) => l.serviceId)).size === v.lines.length;

/**
 * A booking from a professional's column names them on one of its services (which the booking's
 * checks then require them to offer and be free for): an appointment without services has no
 * professional and no length, so it would show in no column and leave the professional free.
 */
export function keepsColumn(v: { professionalId?: string | null; lines: { professionalId: string | null }[] }): boolean {
  return !v.professionalId || v.lines.some((l) => l.professionalId === v.professionalId);
}
const columnIssue = { message: APPOINTMENT_MESSAGES.columnServiceRequired, path: ["lines"] };

export const createAppointmentSchema = appointmentFields.refine(distinctServices, { message: "Serviço repetido", path: ["lines"] }).refine(keepsColumn, columnIssue);
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;

/** 'Repetir': how often, and until when ('Até' a date, or 'Vezes'). */
export const recurrenceSchema = z.object({
  frequency: z.enum(FREQUENCIES, "Repetição inválida"),
  end: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("until"), date: dateSchema }),
    z.object({ kind: z.literal("count"), count: z.number().int(RECURRENCE_TEXT.countTooSmall).min(2, RECURRENCE_TEXT.countTooSmall).max(MAX_OCCURRENCES, RECURRENCE_TEXT.tooMany) }),
  ], "Fim da repetição inválido"),
});

/** The series' dates (occurrences()), or the reason they can't be as an issue on 'recurrence'. */
function seriesDates(v: { date: string; recurrence: z.infer<typeof recurrenceSchema> }, ctx: z.RefinementCtx): string[] | null {
  const r = occurrences(v.date, v.recurrence);
  if (r.ok) return r.dates;
  ctx.addIssue({ code: "custom", message: r.error, path: ["recurrence"] });
  return null;
}

/** The booking of createAppointment with its recurrence: the dates are worked out, or the reason they can't be. */
export const seriesPreviewSchema = appointmentFields
  .extend({ recurrence: recurrenceSchema })
  .refine(distinctServices, { message: "Serviço repetido", path: ["lines"] })
  .refine(keepsColumn, columnIssue)
  .transform((v, ctx) => {
    const dates = seriesDates(v, ctx);
    return dates ? { ...v, dates } : z.NEVER;
  });
export type SeriesPreviewInput = z.input<typeof seriesPreviewSchema>;

/** 'Salvar N agendamentos': the dates ticked in the preview, each one of the series'. */
export const createSeriesSchema = appointmentFields
  .extend({ recurrence: recurrenceSchema, chosen: z.array(dateSchema).min(1, "Escolha ao menos uma data").max(MAX_OCCURRENCES, RECURRENCE_TEXT.tooMany) })
  .refine(distinctServices, { message: "Serviço repetido", path: ["lines"] })
  .refine(keepsColumn, columnIssue)
  .transform((v, ctx) => {
    const dates = seriesDates(v, ctx);
    if (!dates) return z.NEVER;
    const chosen = new Set(v.chosen);
    if (chosen.size !== v.chosen.length || v.chosen.some((d) => !dates.includes(d))) {
      ctx.addIssue({ code: "custom", message: "Datas inválidas para esta repetição", path: ["chosen"] });
      return z.NEVER;
    }
    return { ...v, dates: dates.filter((d) => chosen.has(d)) };
  });
export type CreateSeriesInput = z.input<typeof createSeriesSchema>;

export const idSchema = z.object({ id: z.uuid(APPOINTMENT_MESSAGES.notFound) });
/** 'Somente este' (the default) or 'Este e os seguintes' of a series. */
const scopeField = { scope: z.enum(["one", "following"], "Escolha inválida").default("one") };
/** `outsideHours`: the move asks for 'Encaixe fora do horário' itself (an earlier one's licence does not carry over). */
export const moveSchema = idSchema.extend({ ...scopeField, date: dateSchema, outsideHours: z.boolean().default(false) });
export const timeChangeSchema = idSchema.extend({ ...scopeField, time: timeSchema, outsideHours: z.boolean().default(false) });
/** The grid's drag: the new start, and whose services go to whom (null: 'Sem profissional'). */
export const gridMoveSchema = idSchema.extend({
  ...scopeField,
  time: timeSchema,
  from: z.uuid("Profissional inválido").nullable(),
  to: z.uuid("Profissional inválido").nullable(),
  outsideHours: z.boolean().default(false),
});

/** 'Reagendar': the new date and time, its 'Encaixe fora do horário' box, and the professional. */
const rescheduleFields = { date: dateSchema, time: timeSchema, outsideHours: z.boolean().default(false) };
/** The action's input: `professionalId` takes every service; null, each keeps its own. */
export const rescheduleSchema = idSchema.extend({ ...rescheduleFields, professionalId: z.uuid("Profissional inválido").nullable().default(null) });
/** The dialog's fields (KEEP_PROFESSIONALS: each service keeps its own). */
export const rescheduleFormSchema = z.object({ ...rescheduleFields, professionalId: z.string() });
export const KEEP_PROFESSIONALS = "keep";

/** 'Reagendar' before saving: the day's free times for the appointment, with the professional chosen. */
export const freeTimesQuerySchema = z.object({
  id: z.uuid(APPOINTMENT_MESSAGES.notFound),
  date: dateSchema,
  professionalId: z.uuid("Profissional inválido").optional(),
});

/** 'Este e os seguintes' of a delete or a cancel asks for an optional reason; it goes into each audit row. */
const reasonField = { reason: singleLine(z.string().trim().max(200, "Motivo muito longo (máximo 200 caracteres)")).optional() };
export const deleteSchema = idSchema.extend({ ...scopeField, ...reasonField });

export const statusSchema = idSchema.extend({
  ...scopeField, ...reasonField, statusId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], "Status inválido") });
/** 'Desfazer' after a cancel: the appointments it changed and the statuses they had (any but 'Cancelado'). */
export const undoCancelSchema = z.object({
  items: z
    .array(z.object({ id: z.uuid(APPOINTMENT_MESSAGES.notFound), statusId: z.number("Status inválido").int("Status inválido").refine((s) => [1, 2, 4, 5].includes(s), "Status inválido") }))
    .min(1, APPOINTMENT_MESSAGES.notFound)
    .max(500, "Agendamentos demais"),
});
/** 'Desfazer' after a delete: the ids it deleted (what comes back is read on the server, undo-delete.ts). */
export const undoDeleteSchema = z.object({
  ids: z.array(z.uuid(APPOINTMENT_MESSAGES.notFound)).min(1, APPOINTMENT_MESSAGES.notFound).max(500, "Agendamentos demais"),
});
export const servicesSchema = idSchema.extend({
  ...scopeField,
  lines: z.array(lineSchema).max(20, "No máximo 20 serviços por agendamento"),
});

/** The availability the dialogs show: for a date and time, who can do each service. */
const availabilityFields = {
  date: dateSchema,
  time: timeSchema,
  /** The appointment being edited (its own blocks don't count as busy). */
  appointmentId: z.uuid().nullable().optional(),
  /** The lines as currently picked (their professionals' loads count). */
  lines: z.array(lineSchema).max(20),
  /** 'Encaixe fora do horário' ticked: the business's hours don't limit who is shown available. */
  outsideHours: z.boolean().default(false),
};

/** The availability read's query string: the lines as JSON, the override as "1". */
export const availabilityQuerySchema = z.object({
  ...availabilityFields,
  appointmentId: z.uuid().optional(),
  lines: z
    .string()
    .max(4000)
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "Serviços inválidos" });
        return z.NEVER;
      }
    })
    .pipe(availabilityFields.lines),
  outsideHours: z.enum(["0", "1"]).default("0").transform((v) => v === "1"),
});

