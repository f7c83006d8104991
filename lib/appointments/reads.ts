import "server-only";
import { z } from "zod";
import { defineRead } from "@/lib/pipeline";
import { CARDS_PER_LOAD } from "@/lib/appointments/rules/day-sections";
import { daysBetween } from "@/lib/core/time/business-date";
import { APPOINTMENT_MESSAGES as MSG } from "./messages";
import { appointmentById, appointmentsBetween, countsByDate, lastVisitId, monthSummary, seriesFrom, stalePending } from "./queries";
import { serviceList, serviceOptions } from "./options";
import { appointmentSlot, withTiming } from "./rules/appointment-lines";
import { hoursProblem, hoursProblemText, liftHours } from "./rules/availability";
import { loadBusinessCalendar, loadDayContext } from "./day-context";
import { searchClients } from "@/lib/clients/queries";
import { gridDay } from "./grid-day";
import { agendaScope, mayAssign } from "./visibility";
import { HOURS_TABLES } from "@/lib/business-hours/reads";
import { availabilityQuerySchema, dateSchema, freeTimesQuerySchema } from "./schemas";
import { ANY_PROFESSIONAL, eligibleProfessionals, freeStartTimes, freeStartTimesKept, pastCutoff } from "@/lib/online-booking/slots";

/**
 * The agenda's reads (lib/core/actions/define-read.ts). The screen keeps each in the one client cache
 * under [businessId, name, params], and the change log's events say which to read again, by the
 * tables each declares (`live`, lib/core/live/invalidation.ts).
 */

/** What an agenda card or a timeline block names besides the appointment. */
export const CARD_TABLES = ["clients", "services", "professionals"] as const;

/**
 * One day's cards: all of them, or its first CARDS_PER_LOAD (`first=1`, a busy chain's day before
 * 'Mostrar mais'). A card shows its client's 'N faltas' (client_appointment_stats.no_shows, whose
 * change the log records without days: a 'Faltou' on one day reads again every day on screen, where
 * the same client's other cards are), and 'Em folga' when a time off is saved over it. A comanda's
 * change names its appointment's day (migration 0040): the card's 'Comanda aberta' / 'Paga'.
 */
export const appointmentsDayRead = defineRead({
  name: "appointments.day",
  level: "staff",
  // A new client, service or professional is on no card yet.
  live: { tables: ["appointments", ...CARD_TABLES, "client_appointment_stats", "professional_time_off", "comandas"], days: "date", notInserts: CARD_TABLES },
  schema: z.object({ date: dateSchema, first: z.enum(["0", "1"]).default("0") }),
  error: MSG.loadError,
  run: async ({ input, ctx, conn }) => ({
    appointments: await appointmentsBetween(ctx.businessId, input.date, input.date, conn, input.first === "1" ? CARDS_PER_LOAD : undefined, agendaScope(ctx.business)),
  }),
});

/** The longest span of days the agenda lists at once (its booking window and more). */
const MAX_LISTED_DAYS = 400;
const daysSchema = z
  .object({ from: dateSchema, to: dateSchema })
  .refine((v) => v.from <= v.to && daysBetween(v.from, v.to) <= MAX_LISTED_DAYS, "Período inválido");

/** The days from `from` to `to` (at most MAX_LISTED_DAYS): their counts and their hours and holidays. */
export const appointmentsDaysRead = defineRead({
  name: "appointments.days",
  level: "staff",
  live: { tables: ["appointments", ...HOURS_TABLES], days: "from-to" },
  schema: daysSchema,
  error: MSG.loadError,
  run: async ({ input, ctx, conn }) => {
    const [counts, calendar] = await Promise.all([countsByDate(ctx.businessId, input.from, input.to, conn, agendaScope(ctx.business)), loadBusinessCalendar(conn, ctx.businessId, input.from, input.to)]);
    return { counts, calendar };
  },
});

/** The 'Grade' view's day (grid-day.ts). */
export const appointmentsGridRead = defineRead({
  name: "appointments.grid",
  level: "staff",
  live: { tables: ["appointments", ...CARD_TABLES, ...HOURS_TABLES, "professional_time_off"], days: "date" },
  schema: z.object({ date: dateSchema }),
  error: MSG.loadError,
  run: async ({ input, ctx, conn }) => gridDay(ctx.businessId, input.date, conn, agendaScope(ctx.business)),
});

/** The month cards, and 'Pendentes antigos'. */
export const appointmentsSummaryRead = defineRead({
  name: "appointments.summary",
  level: "staff",
  live: { tables: ["appointments"] },
  schema: z.object({ today: dateSchema }),
  error: MSG.loadError,
  run: async ({ input, ctx, conn }) => {
    const scope = agendaScope(ctx.business);
    const [summary, stale] = await Promise.all([monthSummary(ctx.businessId, input.today, conn, scope), stalePending(ctx.businessId, new Date(), conn, 5, scope)]);
    return { summary, stale };
  },
});

/** One appointment: the toast of a booking made on the public page. */
export const appointmentRead = defineRead({
  name: "appointments.appointment",
  level: "staff",
  live: false,
  schema: z.object({ id: z.uuid(MSG.notFound) }),
  error: MSG.loadError,
  run: async ({ input, ctx, conn }) => ({ appointment: await appointmentById(ctx.businessId, input.id, conn, agendaScope(ctx.business)) }),
});

/** 'Este e os seguintes' asked for a delete or a cancel: how many it would change, before it is confirmed. */
export const appointmentSeriesRead = defineRead({
  name: "appointments.series",
  level: "staff",
  live: { tables: ["appointments"] },
  schema: z.object({ id: z.uuid(MSG.notFound) }),
  error: MSG.loadError,
  run: async ({ input, ctx, conn }) => ({ series: await seriesFrom(ctx.businessId, input.id, conn, agendaScope(ctx.business)) }),
});

/** Who can do each service at a date and time: the new-appointment dialog and the services editor. */
export const appointmentOptionsRead = defineRead({
  name: "appointments.options",
  level: "staff",
  live: false,
  schema: availabilityQuerySchema,
  error: MSG.loadProfessionalsError,
  run: async ({ input, ctx, conn }) => {
    const [day, list] = await Promise.all([
      loadDayContext(conn, ctx.businessId, input.date, input.appointmentId ?? null),
      serviceList(conn, ctx.businessId, input.appointmentId ?? null),
    ]);
    const durations = new Map(list.map((s) => [s.id, s.duration_minutes]));
    const lines = withTiming(input.lines).map((l) => ({ ...l, durationMinutes: durations.get(l.serviceId) ?? null }));
    // The hours rule for the visit as picked, so the dialog says it before 'Criar Agendamento' does.
    const slot = appointmentSlot(input.time, lines);
    const outside = hoursProblem(day.business, slot) ? hoursProblemText(day.business, slot) : null;
    const seen = input.outsideHours ? { ...day, business: liftHours(day.business) } : day;
    // One professional's agenda: a service is offered with them alone.
    const scope = agendaScope(ctx.business);
    const services = serviceOptions(seen, input.time, lines, list).map((o) => ({ ...o, professionals: o.professionals.filter((p) => mayAssign(scope, p.id)) }));
    return { services, closed: !day.business.open, outside };
  },
});

/**
 * 'Reagendar': who can take every service of the appointment that day, and the day's free start
 * times by the public page's rule (lib/online-booking/slots.ts) for the professional chosen, or,
 * none chosen, for the professionals it has (one for all: the public rule; several or none:
 * freeStartTimesKept). The appointment itself is not counted as busy.
 */
export const appointmentFreeTimesRead = defineRead({
  name: "appointments.freeTimes",
  level: "staff",
  live: false,
  schema: freeTimesQuerySchema,
  error: MSG.loadFreeTimesError,
  run: async ({ input, ctx, conn }) => {
    const scope = agendaScope(ctx.business);
    const [a, day] = await Promise.all([appointmentById(ctx.businessId, input.id, conn, scope), loadDayContext(conn, ctx.businessId, input.date, input.id)]);
    if (!a) return { professionals: [], times: [], closed: false };
    const services = a.lines.map((l) => ({ id: l.serviceId, durationMinutes: l.durationMinutes }));
    const eligible = new Set(eligibleProfessionals(day, { services, professional: ANY_PROFESSIONAL }).map((p) => p.id));
    // One professional's agenda: only they can take it.
    const professionals = day.professionals.filter((p) => eligible.has(p.id) && mayAssign(scope, p.id)).map((p) => ({ id: p.id, name: p.name }));
    const sole = new Set(a.lines.map((l) => l.professionalId)).size === 1 ? a.lines[0].professionalId : null;
    const professional = input.professionalId ?? sole;
    const after = pastCutoff(input.date, new Date());
    const times = professional ? freeStartTimes(day, { services, professional }, after) : freeStartTimesKept(day, a.lines, after);
    return { professionals, times, closed: !day.business.open };
  },
});

/**
 * A client just picked in Novo Agendamento: the services and professionals of their last visit
 * (lastVisitId), which the dialog ticks when none is yet: a regular's walk-in is the usual.
 */
export const lastVisitLinesRead = defineRead({
  name: "appointments.lastVisit",
  level: "staff",
  live: false,
  schema: z.object({ clientId: z.uuid(MSG.clientRequiredDescription) }),
  error: "Erro ao carregar a última visita",
  run: async ({ input, ctx, conn }) => {
    const scope = agendaScope(ctx.business);
    const id = await lastVisitId(ctx.businessId, input.clientId, new Date(), conn, scope);
    const a = id ? await appointmentById(ctx.businessId, id, conn, scope) : null;
    return { lines: a?.lines.map((l) => ({ serviceId: l.serviceId, professionalId: l.professionalId })) ?? [] };
  },
});

/** 'Selecionar existente': the server search over the business's clients (first 20 matches). */
export const clientOptionsRead = defineRead({
  name: "appointments.clients",
  level: "staff",
  live: false,
  schema: z.object({ q: z.string().max(200).default("") }),
  error: "Erro ao carregar clientes",
  run: async ({ input, ctx, conn }) => {
    const page = await searchClients(ctx.businessId, input.q, 1, conn);
    return { clients: page.items.slice(0, 20).map((c) => ({ id: c.id, name: c.name, phone: c.phone })) };
  },
});
