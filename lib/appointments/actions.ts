"use server";

import { defineAction } from "@/lib/actions/define-action";
import { ok } from "@/lib/actions/result";
import { searchClients } from "@/lib/clients/queries";
import { z } from "zod";
import { appointmentSlot } from "@/lib/scheduling/appointment-lines";
import { hoursProblem, hoursProblemText, liftHours } from "@/lib/scheduling/availability";
import { daysBetween } from "@/lib/time/business-date";
import { loadBusinessCalendar, loadDayContext } from "./day-context";
import {
  changeAppointmentTime, createAppointment, deleteAppointment, moveAppointment, replaceAppointmentServices, setAppointmentStatus,
} from "./mutations";
import { serviceList, serviceOptions } from "./options";
import { appointmentById, appointmentsBetween, countsByDate, monthSummary } from "./queries";
import { APPOINTMENT_MESSAGES as MSG } from "./messages";
import { availabilitySchema, createAppointmentSchema, dateSchema, idSchema, moveSchema, rangeSchema, servicesSchema, statusSchema, timeChangeSchema } from "./schemas";

// The agenda revalidates nothing on the server: every open agenda (this one included) follows the
// database's change notifications (NOTIFY → /api/realtime) and reloads the days it shows.
const conflicts = { appointment_professional_blocks_no_overlap: { error: MSG.conflict, description: MSG.conflictDescription } };

export const createAppointmentAction = defineAction({
  name: "appointments.create",
  level: "staff",
  schema: createAppointmentSchema,
  error: MSG.createError,
  fallback: MSG.createFallback,
  conflicts,
  run: ({ input, ...w }) => createAppointment(w, input),
});

export const moveAppointmentAction = defineAction({
  name: "appointments.move",
  level: "staff",
  schema: moveSchema,
  error: MSG.dateError,
  conflicts,
  run: ({ input, ...w }) => moveAppointment(w, input.id, input.date, input.outsideHours),
});

export const changeAppointmentTimeAction = defineAction({
  name: "appointments.time",
  level: "staff",
  schema: timeChangeSchema,
  error: MSG.timeError,
  conflicts,
  run: ({ input, ...w }) => changeAppointmentTime(w, input.id, input.time, input.outsideHours),
});

export const setAppointmentStatusAction = defineAction({
  name: "appointments.status",
  level: "staff",
  schema: statusSchema,
  error: MSG.statusError,
  conflicts,
  run: ({ input, ...w }) => setAppointmentStatus(w, input.id, input.statusId),
});

export const replaceAppointmentServicesAction = defineAction({
  name: "appointments.services",
  level: "staff",
  schema: servicesSchema,
  error: MSG.servicesError,
  conflicts: { appointment_professional_blocks_no_overlap: { error: MSG.conflict, description: MSG.servicesConflictDescription } },
  run: ({ input, ...w }) => replaceAppointmentServices(w, input.id, input.lines),
});

export const deleteAppointmentAction = defineAction({
  name: "appointments.delete",
  level: "staff",
  schema: idSchema,
  error: MSG.deleteError,
  run: ({ input, ...w }) => deleteAppointment(w, input.id),
});

/** The agenda's days from `from` to `to` (at most two months): for 'Dias anteriores', 'Carregar mais', the date picker and live reloads. */
export const loadAgendaRangeAction = defineAction({
  name: "appointments.range",
  level: "staff",
  schema: rangeSchema,
  error: MSG.loadError,
  fallback: MSG.loadFallback,
  transaction: false,
  run: async ({ input, ctx, tx }) => {
    const [items, counts, calendar] = await Promise.all([
      input.countsOnly ? [] : appointmentsBetween(ctx.businessId, input.from, input.to, tx),
      countsByDate(ctx.businessId, input.from, input.to, tx),
      loadBusinessCalendar(tx, ctx.businessId, input.from, input.to),
    ]);
    return ok({ appointments: items, counts, calendar });
  },
});

/** One appointment, for a live update of a card. */
export const loadAppointmentAction = defineAction({
  name: "appointments.one",
  level: "staff",
  schema: idSchema,
  error: MSG.loadError,
  transaction: false,
  run: async ({ input, ctx, tx }) => ok({ appointment: await appointmentById(ctx.businessId, input.id, tx) }),
});

/** Who can do each service at a date and time: the new-appointment dialog and the services editor. */
export const serviceOptionsAction = defineAction({
  name: "appointments.options",
  level: "staff",
  schema: availabilitySchema,
  error: MSG.loadProfessionalsError,
  transaction: false,
  run: async ({ input, ctx, tx }) => {
    const [day, list] = await Promise.all([
      loadDayContext(tx, ctx.businessId, input.date, input.appointmentId ?? null),
      serviceList(tx, ctx.businessId, input.appointmentId ?? null),
    ]);
    const durations = new Map(list.map((s) => [s.id, s.duration_minutes]));
    const lines = input.lines.map((l) => ({ ...l, durationMinutes: durations.get(l.serviceId) ?? null }));
    // The hours rule for the visit as picked, so the dialog says it before 'Criar Agendamento' does.
    const slot = appointmentSlot(input.time, lines);
    const outside = hoursProblem(day.business, slot) ? hoursProblemText(day.business, slot) : null;
    const seen = input.outsideHours ? { ...day, business: liftHours(day.business) } : day;
    return ok({ services: serviceOptions(seen, input.time, lines, list), closed: !day.business.open, outside });
  },
});

/** 'Selecionar existente': the server search over the business's clients (first 20 matches). */
export const searchClientOptionsAction = defineAction({
  name: "appointments.clientOptions",
  level: "staff",
  schema: z.object({ q: z.string().max(200).default("") }),
  error: "Erro ao carregar clientes",
  transaction: false,
  run: async ({ input, ctx, tx }) => {
    const page = await searchClients(ctx.businessId, input.q, 1, tx);
    return ok({ clients: page.items.slice(0, 20).map((c) => ({ id: c.id, name: c.name, phone: c.phone })) });
  },
});

/**
 * The hours and holidays of the days shown (at most ~13 months), read again when another user
 * changes them: each section's holiday and each card's 'Fora do horário' follow.
 */
export const agendaCalendarAction = defineAction({
  name: "appointments.calendar",
  level: "staff",
  schema: z
    .object({ from: dateSchema, to: dateSchema })
    .refine((v) => v.from <= v.to && daysBetween(v.from, v.to) <= 400, "Período inválido"),
  error: MSG.loadError,
  transaction: false,
  run: async ({ input, ctx, tx }) => ok({ calendar: await loadBusinessCalendar(tx, ctx.businessId, input.from, input.to) }),
});

/** After a live change: the month cards again, and the counts of the days shown (at most ~13 months). */
export const agendaTotalsAction = defineAction({
  name: "appointments.totals",
  level: "staff",
  schema: z
    .object({ today: dateSchema, from: dateSchema, to: dateSchema })
    .refine((v) => v.from <= v.to && daysBetween(v.from, v.to) <= 400, "Período inválido"),
  error: MSG.loadError,
  transaction: false,
  run: async ({ input, ctx, tx }) => {
    const [summary, counts] = await Promise.all([
      monthSummary(ctx.businessId, input.today, tx),
      countsByDate(ctx.businessId, input.from, input.to, tx),
    ]);
    return ok({ summary, counts });
  },
});
