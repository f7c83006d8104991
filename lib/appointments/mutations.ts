import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Conn } from "@/db";
import { appointmentServices, appointments, clients, services } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, refusal, type ActionFailure, type ActionResult } from "@/lib/core/actions/result";
import { createClient } from "@/lib/clients/mutations";
import { executePrepared } from "@/lib/core/db/prepared";
import { together } from "@/lib/core/db/together";
import { formatDate } from "@/lib/core/format/date";
import { CONFLICTS } from "@/lib/core/actions/messages";
import { PG, pgCode, pgConstraint } from "@/lib/core/db/errors";
import { appointmentSlot, assignProfessionals, professionalSpans, withTiming, type Line } from "@/lib/appointments/rules/appointment-lines";
import {
  hoursProblem, hoursProblemText, isAvailable, liftHours, OUTSIDE_HOURS_TEXT, UNAVAILABLE_TEXT, unavailability, type Unavailable,
} from "@/lib/appointments/rules/availability";
import type { BusinessDay } from "@/lib/appointments/rules/business-day";
import type { SeriesOccurrence, SeriesScope } from "@/lib/appointments/rules/recurrence";
import { toMinutes } from "@/lib/core/time/overlap";
import { addDays, daysBetween } from "@/lib/core/time/business-date";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { queueClientUpdate } from "@/lib/jobs/client-update";
import { loadDayContext, type DayContext } from "./day-context";
import { APPOINTMENT_MESSAGES as MSG, CLIENT_BUSY_CODE, inactiveServiceText, notOfferedText, OUTSIDE_HOURS_CODE, PROFESSIONAL_BUSY_CODE } from "./messages";
import { clientBusyText, professionalsBusyText, type createAppointmentSchema } from "./schemas";
import { NOT_STARTED_TEXT, STATUS, statusAllowed, statusName } from "./status";
import { deletedRecord } from "./undo-delete";
import { agendaScope, keepsOthersLines, mayAssign, seesLines } from "./visibility";
import { ACCESS } from "@/lib/auth/permissions";
import { openComandaForAppointment } from "@/lib/comandas/mutations";

/** The override is optional here: the public page and the bot never ask for it. */
type CreateInput = Omit<z.output<typeof createAppointmentSchema>, "outsideHours"> & { outsideHours?: boolean; /** 'Repetir': the series it is one of. */ seriesId?: string | null };
type LineInput = { serviceId: string; professionalId: string | null; afterPrevious?: boolean };
type Source = "staff" | "online";


type ServiceOf = { name: string; durationMinutes: number | null; active: boolean };

/**
 * The business's services of the lines, with their durations and whether they are active; null when
 * one is not the business's. Read with a key-share lock: a service being deactivated or given a new
 * duration (lockService, FOR UPDATE) is read once that change commits, so a booking never goes in
 * on what the service was a moment ago (the lines' foreign key takes the same lock anyway).
 */
async function servicesOf(tx: Conn, businessId: string, ids: string[]) {
  if (!ids.length) return new Map<string, ServiceOf>();
  const rows = await tx
    .select({ id: services.id, name: services.name, durationMinutes: services.durationMinutes, active: services.active })
    .from(services)
    .where(and(eq(services.businessId, businessId), inArray(services.id, ids)))
    .for("key share")
    .prepare("services_of")
    .execute();
  const map = new Map(rows.map((r) => [r.id, { name: r.name, durationMinutes: r.durationMinutes, active: r.active }]));
  return ids.every((id) => map.has(id)) ? map : null;
}

/** The first inactive service among `ids` that `allowed` does not let through; its name. */
function inactiveAmong(svc: Map<string, ServiceOf>, ids: string[], allowed: ReadonlySet<string> = new Set()): string | null {
  const id = ids.find((i) => !svc.get(i)!.active && !allowed.has(i));
  return id ? svc.get(id)!.name : null;
}

/**
 * The client rule (spec section 5): no other non-cancelled appointment of the client within 60
 * minutes of the slot; returns the time of the one in the way. (The exclusion constraint
 * appointments_client_no_overlap holds under concurrency; this is the friendly message.)
 */
async function clientConflict(tx: Conn, clientId: string, date: string, time: string, exceptId: string | null) {
  const [row] = await executePrepared<{ time: string }>(tx, sql`
    select time::text as time from appointments
     where client_id = ${clientId} and status_id <> ${STATUS.cancelado}
       and id is distinct from ${exceptId}::uuid
       and client_period && tsrange(${date}::date + ${time}::time, ${date}::date + ${time}::time + interval '60 minutes')
     order by date, time limit 1`);
  return row ? row.time.slice(0, 5) : null;
}

/**
 * Checks the professionals the lines name at `time` on the context's day (each offers the service,
 * is active and free for the sum of their services, spec section 5); those who can't, and why
 * (null: missing, or does not offer one of their services).
 * `business` is the day as the hours rule let the appointment see it (lifted for an 'Encaixe').
 */
function professionalProblems(day: DayContext, business: BusinessDay, time: string, lines: Line[]): { name: string; why: Unavailable | null }[] {
  const start = toMinutes(time);
  const problems: { name: string; why: Unavailable | null }[] = [];
  for (const [id, span] of professionalSpans(lines)) {
    const pro = day.professionals.find((p) => p.id === id);
    const offersAll = lines.every((l) => l.professionalId !== id || pro?.offers.has(l.serviceId));
    const why = pro ? unavailability(pro, business, { start: start + span.start, end: start + span.end }) : null;
    if (!pro || !offersAll || why) problems.push({ name: pro?.name ?? "Profissional", why });
  }
  return problems;
}

/**
 * A line whose professional does not offer its service, refused in words that say so (a clash keeps
 * the spec's 'Conflito de agenda'); null when every named professional offers their services.
 */
function notOffered(day: DayContext, lines: readonly Line[], serviceName: (serviceId: string) => string): ActionFailure | null {
  for (const l of lines) {
    const pro = l.professionalId ? day.professionals.find((p) => p.id === l.professionalId) : null;
    if (pro && !pro.offers.has(l.serviceId)) return fail(MSG.notOffered, notOfferedText(pro.name, serviceName(l.serviceId)));
  }
  return null;
}

/** The names of those professionalProblems finds; time off says so (it would otherwise read like a clash with another booking). */
function unavailableNames(day: DayContext, business: BusinessDay, time: string, lines: Line[]): string[] {
  return professionalProblems(day, business, time, lines).map((p) => (p.why === "time_off" ? `${p.name} (${UNAVAILABLE_TEXT.time_off})` : p.name));
}

/**
 * The hours rule for an appointment of `lines` at `time` on the context's day: the refusal when it
 * falls outside the business's hours and the override was not asked for; otherwise whether it is
 * outside (an 'Encaixe') and the day its professionals are then checked against.
 */
function hoursRule(day: DayContext, time: string, lines: readonly Line[], override: boolean):
  { refused: ActionFailure } | { outside: boolean; business: BusinessDay } {
  const slot = appointmentSlot(time, lines);
  if (!hoursProblem(day.business, slot)) return { outside: false, business: day.business };
  if (!override) return { refused: refusal(OUTSIDE_HOURS_CODE, OUTSIDE_HOURS_TEXT.title, hoursProblemText(day.business, slot)) };
  return { outside: true, business: liftHours(day.business) };
}

/** The audit description's end for a reason given ('Este e os seguintes' of a delete or a cancel). */
const because = (reason?: string) => (reason ? `. Motivo: ${reason}` : "");

/** The audit description's mark of an 'Encaixe'. */
const encaixe = (outside: boolean) => (outside ? " (encaixe fora do horário)" : "");

/** The distinct professionals the lines name. */
function professionalIds(lines: readonly { professionalId: string | null }[]): string[] {
  return [...new Set(lines.flatMap((l) => (l.professionalId ? [l.professionalId] : [])))];
}

function describeLines(lines: Line[], day: DayContext, svc: Map<string, { name: string }>): string {
  return lines
    .map((l) => `${svc.get(l.serviceId)?.name ?? "Serviço"} - ${day.professionals.find((p) => p.id === l.professionalId)?.name ?? "Sem profissional"}`)
    .join(" | ");
}

/** Inserts the lines (the statement is handed over now, before any later one); null for none. */
function insertLines(w: Write, appointmentId: string, lines: Line[]) {
  if (!lines.length) return null;
  return w.tx.insert(appointmentServices).values(
    lines.map((l, position) => ({
      appointmentId,
      serviceId: l.serviceId,
      professionalId: l.professionalId,
      position,
      afterPrevious: l.afterPrevious === true,
      businessId: w.ctx.businessId,
      userId: w.ctx.userId,
    })),
  ).prepare("insert_appointment_services").execute();
}

/**
 * 'Criar Agendamento' (and the public booking page, source 'online'): the new client if any, the
 * appointment (pendente) and its services in the pipeline's one transaction — a failure anywhere
 * leaves nothing behind. The whole appointment must fit the business's hours unless the staff
 * asked for 'Encaixe fora do horário' (never online); chosen professionals must be available;
 * services without one get the first available professional who offers them, or none.
 */
export async function createAppointment(w: Write, input: CreateInput, source: Source = "staff"): Promise<ActionResult<{ id: string; lines: Line[] }>> {
  const { businessId } = w.ctx;
  // One professional's agenda books with them alone (the dialog offers no one else).
  const scope = agendaScope(w.ctx.business);
  if (!input.lines.every((l) => mayAssign(scope, l.professionalId))) return fail(MSG.createError, ACCESS.forbidden);
  let client: { id: string; name: string } | undefined;
  let clientId: string;
  if (input.client.kind === "new") {
    const created = await createClient(w, input.client.fields);
    if (!created.ok) return created;
    client = { id: created.id, name: input.client.fields.name };
    clientId = created.id;
  } else {
    clientId = input.client.id;
  }

  // Lines that all name their professional need those alone; one left open is given the first free.
  const named = input.lines.every((l) => l.professionalId) ? professionalIds(input.lines) : undefined;
  // Everything the checks read, in one round trip (the client's row is locked against its deletion).
  const [found, busyAt, svc, day] = await together(
    client ? [client] : w.tx.select({ id: clients.id, name: clients.name }).from(clients)
      .where(and(eq(clients.id, clientId), eq(clients.businessId, businessId))).for("share").prepare("booking_client").execute(),
    clientConflict(w.tx, clientId, input.date, input.time, null),
    servicesOf(w.tx, businessId, input.lines.map((l) => l.serviceId)),
    loadDayContext(w.tx, businessId, input.date, null, named),
  );
  const [theClient] = found;
  if (!theClient) return fail(MSG.clientRequired, MSG.clientRequiredDescription);
  if (busyAt) return refusal(CLIENT_BUSY_CODE, MSG.clientBusy, clientBusyText(busyAt));
  if (!svc) return fail(MSG.createError, "Um dos serviços não existe mais. Recarregue a página.");
  const inactive = inactiveAmong(svc, input.lines.map((l) => l.serviceId));
  if (inactive) return fail(MSG.createError, inactiveServiceText(inactive));
  const lines: Line[] = withTiming(input.lines).map((l) => ({ ...l, durationMinutes: svc.get(l.serviceId)!.durationMinutes }));
  // The override is the staff's alone: the public page never books outside the hours.
  const hours = hoursRule(day, input.time, lines, source === "staff" && input.outsideHours === true);
  if ("refused" in hours) return hours.refused;
  const unoffered = notOffered(day, lines, (sid) => svc.get(sid)!.name);
  if (unoffered) return unoffered;
  const busy = unavailableNames(day, hours.business, input.time, lines);
  if (busy.length) return refusal(PROFESSIONAL_BUSY_CODE, MSG.conflict, professionalsBusyText(busy));

  const start = toMinutes(input.time);
  const assigned = assignProfessionals(
    lines,
    (serviceId) => day.professionals.filter((p) => p.active && p.offers.has(serviceId)).map((p) => p.id),
    (id, span) => isAvailable(day.professionals.find((p) => p.id === id)!, hours.business, { start: start + span.start, end: start + span.end }),
  );

  // The id is made here so that the appointment, its services and the audit row go in one round trip.
  const id = randomUUID();
  await together(
    w.tx.insert(appointments).values({
      id, businessId, clientId, date: input.date, time: input.time, statusId: STATUS.pendente, userId: w.ctx.userId, source, outsideHours: hours.outside,
      seriesId: input.seriesId ?? null,
    }).prepare("insert_appointment").execute(),
    insertLines(w, id, assigned),
    w.audit({
      action: "CREATE",
      entity: "appointment",
      entityId: id,
      description: `Agendamento de "${theClient.name}" em ${formatDate(input.date)} às ${input.time} criado${source === "online" ? " (online)" : ""}${encaixe(hours.outside)}${input.seriesId ? " (recorrente)" : ""}`,
      newValues: {
        client: theClient.name, date: input.date, time: input.time, status: statusName(STATUS.pendente), services: describeLines(assigned, day, svc),
        ...(hours.outside && { outsideHours: true }),
        ...(input.seriesId && { seriesId: input.seriesId }),
      },
    }),
    // The client hears of the salon's booking (an online one has its own confirmation).
    source === "staff" && w.ctx.userId ? queueClientUpdate(w.tx, businessId, id) : null,
  );
  return ok({ id, lines: assigned });
}


/** Why the day itself refuses the booking: the hours rule's refusal, in the preview's words. */
function dayRefusal(day: DayContext): string {
  if (!day.business.open) return day.business.holiday ? `Feriado: ${day.business.holiday}` : UNAVAILABLE_TEXT.closed;
  return day.business.holiday ? `${UNAVAILABLE_TEXT.outside_business_hours} (feriado: ${day.business.holiday})` : UNAVAILABLE_TEXT.outside_business_hours;
}

/** A professional's problem in the preview's words: 'De folga (Ana)', 'Conflito de agenda (Ana)'. */
function professionalReason(p: { name: string; why: Unavailable | null }): string {
  if (p.why === "busy") return `${MSG.conflict} (${p.name})`;
  return `${p.why ? UNAVAILABLE_TEXT[p.why] : MSG.professionalUnavailable} (${p.name})`;
}

/**
 * 'Repetir', before saving: each date of the series checked as createAppointment would check it
 * (the same hours rule with its 'Encaixe', the client rule, the availability rule over the day
 * loadDayContext reads), without writing anything. A new client has no other appointment yet.
 */
export async function previewSeries(conn: Conn, businessId: string, input: CreateInput, dates: readonly string[]): Promise<ActionResult<{ occurrences: SeriesOccurrence[] }>> {
  const clientId = input.client.kind === "existing" ? input.client.id : null;
  const named = input.lines.every((l) => l.professionalId) ? professionalIds(input.lines) : undefined;
  const [found, svc] = await Promise.all([
    clientId ? conn.select({ id: clients.id }).from(clients).where(and(eq(clients.id, clientId), eq(clients.businessId, businessId))) : [{ id: null }],
    servicesOf(conn, businessId, input.lines.map((l) => l.serviceId)),
  ]);
  if (!found.length) return fail(MSG.clientRequired, MSG.clientRequiredDescription);
  if (!svc) return fail(MSG.createError, "Um dos serviços não existe mais. Recarregue a página.");
  const inactive = inactiveAmong(svc, input.lines.map((l) => l.serviceId));
  if (inactive) return fail(MSG.createError, inactiveServiceText(inactive));
  const lines: Line[] = withTiming(input.lines).map((l) => ({ ...l, durationMinutes: svc.get(l.serviceId)!.durationMinutes }));
  const occurrences = await Promise.all(dates.map(async (date): Promise<SeriesOccurrence> => {
    const [busyAt, day] = await Promise.all([
      clientId ? clientConflict(conn, clientId, date, input.time, null) : null,
      loadDayContext(conn, businessId, date, null, named),
    ]);
    const hours = hoursRule(day, input.time, lines, input.outsideHours === true);
    if ("refused" in hours) return { date, ok: false, reason: dayRefusal(day) };
    if (busyAt) return { date, ok: false, reason: `${MSG.clientBusy} às ${busyAt}` };
    const problems = professionalProblems(day, hours.business, input.time, lines);
    return problems.length ? { date, ok: false, reason: problems.map(professionalReason).join("; ") } : { date, ok: true, reason: null };
  }));
  return ok({ occurrences });
}

/**
 * 'Salvar N agendamentos': the chosen dates of a series, each through createAppointment (so under
 * every rule and constraint of any booking, audited one by one) with one new series id, in the
 * pipeline's one transaction. The first date that can no longer be booked (a race took its slot
 * since the preview) refuses the whole save, naming that date: nothing is saved.
 */
export async function createSeries(w: Write, input: CreateInput, dates: readonly string[]): Promise<ActionResult<{ seriesId: string; ids: string[] }>> {
  if (!input.lines.every((l) => mayAssign(agendaScope(w.ctx.business), l.professionalId))) return fail(MSG.seriesError, ACCESS.forbidden);
  const seriesId = randomUUID();
  let client = input.client;
  if (client.kind === "new") {
    const created = await createClient(w, client.fields);
    if (!created.ok) return created;
    client = { kind: "existing", id: created.id };
  }
  const ids: string[] = [];
  for (const date of dates) {
    let r: ActionResult<{ id: string }>;
    try {
      r = await createAppointment(w, { ...input, client, date, seriesId });
    } catch (e) {
      // The exclusion constraints, under concurrency: the transaction is aborted, so say which date and stop.
      if (pgCode(e) !== PG.exclusionViolation) throw e;
      const c = pgConstraint(e) === "appointments_client_no_overlap" ? CONFLICTS.client : CONFLICTS.professional;
      r = refusal(c.code, c.error, c.description);
    }
    if (!r.ok) return { ...r, error: MSG.seriesError, description: seriesFailureText(date, r) };
    ids.push(r.id);
  }
  return ok({ seriesId, ids });
}

/** 'Nenhum agendamento foi salvo. 10/03/2031: Conflito de agenda — …' */
function seriesFailureText(date: string, r: ActionFailure): string {
  return `Nenhum agendamento foi salvo. ${formatDate(date)}: ${r.error}${r.description ? ` — ${r.description}` : ""}`;
}

type Locked = {
  id: string; clientId: string; clientName: string; date: string; time: string; statusId: number; outsideHours: boolean;
  lines: (Line & { id: string; serviceName: string })[];
};

/** An appointment of another professional than the one the caller sees (visibility.ts). */
const HIDDEN = "hidden" as const;

/** Why a locked appointment can't be changed: not found, or not the caller's to see (refused as any forbidden call). */
const gone = (error: string, a: typeof HIDDEN | null) => fail(error, a === HIDDEN ? ACCESS.forbidden : MSG.notFound);

/**
 * The appointment of the business, locked for the change, with its lines; null when not found,
 * HIDDEN when the caller may not see it (an employee without 'otherAgendas' and another
 * professional's appointment): every write on an appointment comes here first.
 */
async function lockAppointment(w: Write, id: string): Promise<Locked | typeof HIDDEN | null> {
  // One round trip; the lines are read by the second statement, so after the lock is held.
  const [[a], lines] = await together(
    executePrepared<{ id: string; client_id: string; client_name: string; date: string; time: string; status_id: number; outside_hours: boolean }>(w.tx, sql`
      select a.id, a.client_id, c.name as client_name, a.date::text as date, a.time::text as time, a.status_id, a.outside_hours
        from appointments a join clients c on c.id = a.client_id
       where a.id = ${id} and a.business_id = ${w.ctx.businessId}
       for update of a`),
    executePrepared<{ id: string; service_id: string; professional_id: string | null; duration_minutes: number | null; name: string; after_previous: boolean }>(w.tx, sql`
      select s.id, s.service_id, s.professional_id, sv.duration_minutes, sv.name, s.after_previous
        from appointment_services s join services sv on sv.id = s.service_id
       where s.appointment_id = ${id} and s.business_id = ${w.ctx.businessId} order by s.position, s.id`),
  );
  if (!a) return null;
  if (!seesLines(agendaScope(w.ctx.business), lines.map((l) => ({ professionalId: l.professional_id })))) return HIDDEN;
  return {
    id: a.id, clientId: a.client_id, clientName: a.client_name, date: a.date, time: a.time.slice(0, 5), statusId: a.status_id,
    outsideHours: a.outside_hours,
    lines: lines.map((l) => ({
      id: l.id, serviceId: l.service_id, professionalId: l.professional_id, durationMinutes: l.duration_minutes, serviceName: l.name, afterPrevious: l.after_previous,
    })),
  };
}

const snapshot = (a: Pick<Locked, "date" | "time" | "statusId">) => ({ date: a.date, time: a.time, status: statusName(a.statusId) });

/**
 * Re-checks `a` at a (new) date and time: the client, the hours rule (`override`: 'Encaixe fora do
 * horário' asked for) and the professionals; the refusal, or whether it is then outside the hours.
 * A cancelled appointment holds no time, so only where it lands is worked out.
 */
async function recheck(w: Write, a: Locked, date: string, time: string, override: boolean): Promise<ActionResult<{ outside: boolean }>> {
  const live = a.statusId !== STATUS.cancelado;
  const [busyAt, day] = await together(
    live ? clientConflict(w.tx, a.clientId, date, time, a.id) : null,
    loadDayContext(w.tx, w.ctx.businessId, date, a.id, live ? professionalIds(a.lines) : []),
  );
  if (!live) return ok({ outside: override && !!hoursProblem(day.business, appointmentSlot(time, a.lines)) });
  if (busyAt) return refusal(CLIENT_BUSY_CODE, MSG.clientBusy, clientBusyText(busyAt));
  const hours = hoursRule(day, time, a.lines, override);
  if ("refused" in hours) return hours.refused;
  const unoffered = notOffered(day, a.lines, (sid) => a.lines.find((l) => l.serviceId === sid)?.serviceName ?? "Serviço");
  if (unoffered) return unoffered;
  const busy = unavailableNames(day, hours.business, time, a.lines);
  return busy.length ? refusal(PROFESSIONAL_BUSY_CODE, MSG.conflict, professionalsBusyText(busy)) : ok({ outside: hours.outside });
}

type AuditRow = Parameters<Write["audit"]>[0];

/**
 * One move, whole: the card dropped on another day, the time edit, the grid's drag and 'Reagendar'
 * all land here. `a` is re-checked where it lands as any booking is (recheck: the client, the hours
 * rule with its 'Encaixe', each professional offering the services and free), then written in one
 * round trip: when a line changes professional, the lines out and back in around the date and time
 * (so only the final state meets the database's exclusion constraints), and the audit row `audit`
 * makes once it is known whether the appointment is then an 'Encaixe'.
 */
async function relocate(
  w: Write, a: Locked, to: { date: string; time: string; lines: Locked["lines"] }, override: boolean, audit: (outsideHours: boolean) => AuditRow,
): Promise<ActionResult> {
  const checked = await recheck(w, { ...a, lines: to.lines }, to.date, to.time, override);
  if (!checked.ok) return checked;
  const outsideHours = checked.outside;
  const relined = to.lines.some((l, i) => l.professionalId !== a.lines[i]?.professionalId);
  await together(
    relined ? w.tx.delete(appointmentServices).where(eq(appointmentServices.appointmentId, a.id)).prepare("delete_appointment_services").execute() : null,
    w.tx.update(appointments).set({ date: to.date, time: to.time, outsideHours, updatedAt: new Date() }).where(eq(appointments.id, a.id)).prepare("relocate_appointment").execute(),
    relined ? insertLines(w, a.id, to.lines) : null,
    w.audit(audit(outsideHours)),
    w.ctx.userId ? queueClientUpdate(w.tx, w.ctx.businessId, a.id) : null,
  );
  return ok();
}

/** The names of the business's professionals `ids`, for an audit row: 'Sem profissional' for none. */
async function professionalNames(w: Write, ids: readonly (string | null)[]): Promise<(id: string | null) => string> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const rows = wanted.length
    ? await w.tx.execute<{ id: string; name: string }>(sql`
        select id, name from professionals where business_id = ${w.ctx.businessId} and id = any(${`{${wanted.join(",")}}`}::uuid[])`)
    : [];
  return (id) => (id ? (rows.find((n) => n.id === id)?.name ?? "Profissional") : "Sem profissional");
}

async function reschedule(
  w: Write, id: string, change: { date?: string; time?: string }, override: boolean, error: string, what: string,
): Promise<ActionResult> {
  const a = await lockAppointment(w, id);
  if (!a || a === HIDDEN) return gone(error, a);
  const date = change.date ?? a.date;
  const time = change.time ?? a.time;
  if (date === a.date && time === a.time) return ok();
  // An 'Encaixe' moved keeps its licence only when the move asks for it again.
  return relocate(w, a, { date, time, lines: a.lines }, override, (outsideHours) => {
    const flag = (v: boolean) => (a.outsideHours || outsideHours ? { outsideHours: v } : {});
    return {
      action: "UPDATE", entity: "appointment", entityId: id,
      description: `${what} do agendamento de "${a.clientName}": ${formatDate(a.date)} ${a.time} → ${formatDate(date)} ${time}${encaixe(outsideHours)}`,
      oldValues: { ...snapshot(a), ...flag(a.outsideHours) }, newValues: { ...snapshot({ ...a, date, time }), ...flag(outsideHours) },
    };
  });
}

/** Dropping the card on another day's section (`outsideHours`: 'Encaixe fora do horário' asked for after a refusal). */
export function moveAppointment(w: Write, id: string, date: string, outsideHours = false) {
  return reschedule(w, id, { date }, outsideHours, MSG.dateError, "Data");
}

/** The inline time edit (`outsideHours`: its 'Encaixe fora do horário' box). */
export function changeAppointmentTime(w: Write, id: string, time: string, outsideHours = false) {
  return reschedule(w, id, { time }, outsideHours, MSG.timeError, "Horário");
}

/**
 * The grid's drag: a block of `from`'s services (null: those of nobody) dropped at `time` in `to`'s
 * column (null: 'Sem profissional'). The whole appointment moves to `time` (its services start
 * together) and `from`'s lines go to `to` (relocate).
 */
export async function moveInGrid(w: Write, id: string, time: string, from: string | null, to: string | null, override = false, dragged = true): Promise<ActionResult> {
  const a = await lockAppointment(w, id);
  if (!a || a === HIDDEN) return gone(MSG.timeError, a);
  const hasFrom = a.lines.some((l) => l.professionalId === from);
  // The block dragged must still be there; a later occurrence without `from`'s services only changes time.
  if (!hasFrom && dragged) return fail(MSG.timeError, "Este agendamento mudou. Recarregue a página.");
  const target = hasFrom ? to : from;
  if (target !== from && !mayAssign(agendaScope(w.ctx.business), target)) return fail(MSG.timeError, ACCESS.forbidden);
  const lines = from === target ? a.lines : a.lines.map((l) => (l.professionalId === from ? { ...l, professionalId: target } : l));
  if (time === a.time && from === target) return ok();
  const nameOf = await professionalNames(w, [from, target]);
  const who = from === target ? "" : `, ${nameOf(from)} → ${nameOf(target)}`;
  return relocate(w, a, { date: a.date, time, lines }, override, (outsideHours) => ({
    action: "UPDATE", entity: "appointment", entityId: id,
    description: `Agendamento de "${a.clientName}" em ${formatDate(a.date)} movido na grade: ${a.time} → ${time}${who}${encaixe(outsideHours)}`,
    oldValues: { ...snapshot(a), professional: from === target ? undefined : nameOf(from) },
    newValues: { ...snapshot({ ...a, time }), professional: from === target ? undefined : nameOf(target) },
  }));
}

/**
 * 'Reagendar': `id` to `date` at `time` and, when `professionalId` is given, every service to that
 * professional (null: each keeps theirs); `override`: its 'Encaixe fora do horário' box. One move
 * (relocate), audited with the professionals before and after when they change.
 */
export async function rescheduleAppointment(
  w: Write, id: string, to: { date: string; time: string; professionalId: string | null }, override = false,
): Promise<ActionResult> {
  const a = await lockAppointment(w, id);
  if (!a || a === HIDDEN) return gone(MSG.rescheduleError, a);
  const { date, time, professionalId } = to;
  if (professionalId && !mayAssign(agendaScope(w.ctx.business), professionalId)) return fail(MSG.rescheduleError, ACCESS.forbidden);
  const lines = professionalId ? a.lines.map((l) => ({ ...l, professionalId })) : a.lines;
  const relined = lines.some((l, i) => l.professionalId !== a.lines[i].professionalId);
  if (date === a.date && time === a.time && !relined) return ok();
  const nameOf = await professionalNames(w, relined ? [...a.lines, ...lines].map((l) => l.professionalId) : []);
  const who = (ls: readonly Line[]) => [...new Set(ls.map((l) => nameOf(l.professionalId)))].join(", ");
  return relocate(w, a, { date, time, lines }, override, (outsideHours) => ({
    action: "UPDATE", entity: "appointment", entityId: id,
    description: `Agendamento de "${a.clientName}" reagendado: ${formatDate(a.date)} ${a.time} → ${formatDate(date)} ${time}${relined ? `, ${who(a.lines)} → ${who(lines)}` : ""}${encaixe(outsideHours)}`,
    oldValues: { ...snapshot(a), ...(relined ? { professional: who(a.lines) } : {}) },
    newValues: { ...snapshot({ ...a, date, time }), ...(relined ? { professional: who(lines) } : {}) },
  }));
}

/** The status menu. Leaving 'cancelado' takes the slot back, so it is re-checked like a move. */
/** `from`: the status it had, when it changed (none when it already had `statusId`). */
export async function setAppointmentStatus(w: Write, id: string, statusId: number, now: Date = new Date(), reason?: string): Promise<ActionResult<{ from?: number }>> {
  const a = await lockAppointment(w, id);
  if (!a || a === HIDDEN) return gone(MSG.statusError, a);
  if (a.statusId === statusId) return ok();
  // 'Concluído' and 'Faltou' say what a visit came to: not before it starts (the menu says so too).
  if (!statusAllowed(statusId, businessDateTimeToInstant(a.date, a.time) <= now)) return fail(MSG.statusError, NOT_STARTED_TEXT);
  if (a.statusId === STATUS.cancelado) {
    // Taken back where it was: an 'Encaixe' stays one, anything else meets today's hours.
    const checked = await recheck(w, { ...a, statusId }, a.date, a.time, a.outsideHours);
    if (!checked.ok) return checked;
  }
  await together(
    w.tx.update(appointments).set({ statusId, updatedAt: new Date() }).where(eq(appointments.id, id)).prepare("appointment_status").execute(),
    w.audit({
      action: "UPDATE", entity: "appointment", entityId: id,
      description: `Status do agendamento de "${a.clientName}" em ${formatDate(a.date)} às ${a.time}: ${statusName(a.statusId)} → ${statusName(statusId)}${because(reason)}`,
      oldValues: snapshot(a), newValues: snapshot({ ...a, statusId }),
    }),
    // Cancelled by the staff, or taken back: the client hears of it.
    w.ctx.userId && (statusId === STATUS.cancelado || a.statusId === STATUS.cancelado) ? queueClientUpdate(w.tx, w.ctx.businessId, id) : null,
  );
  // 'Concluído' opens the visit's comanda (issue 53), or finds the one already open.
  if (statusId === STATUS.concluido) {
    const opened = await openComandaForAppointment(w, id);
    if (!opened.ok) return opened;
  }
  return ok({ from: a.statusId });
}

/**
 * 'Gerenciar Serviços e Profissionais': every service needs a professional who offers it, is
 * active and free for the sum of their services; the lines are replaced in the transaction.
 */
export async function replaceAppointmentServices(w: Write, id: string, input: LineInput[]): Promise<ActionResult> {
  const a = await lockAppointment(w, id);
  if (!a || a === HIDDEN) return gone(MSG.servicesError, a);
  if (input.some((l) => !l.professionalId)) return fail(MSG.professionalRequired, MSG.professionalRequiredDescription);
  if (!keepsOthersLines(agendaScope(w.ctx.business), a.lines, input)) return fail(MSG.servicesError, ACCESS.forbidden);
  // The services and the professionals' day, in one round trip.
  const [svc, day] = await together(
    servicesOf(w.tx, w.ctx.businessId, input.map((l) => l.serviceId)),
    loadDayContext(w.tx, w.ctx.businessId, a.date, a.id, professionalIds([...input, ...a.lines])),
  );
  if (!svc) return fail(MSG.servicesError, "Um dos serviços não existe mais. Recarregue a página.");
  // An inactive service the appointment already has may stay; none may be added.
  const inactive = inactiveAmong(svc, input.map((l) => l.serviceId), new Set(a.lines.map((l) => l.serviceId)));
  if (inactive) return fail(MSG.servicesError, inactiveServiceText(inactive));
  const lines: Line[] = withTiming(input).map((l) => ({ ...l, durationMinutes: svc.get(l.serviceId)!.durationMinutes }));
  if (a.statusId !== STATUS.cancelado) {
    // Other services change how long the visit lasts; an 'Encaixe' keeps its licence.
    const hours = hoursRule(day, a.time, lines, a.outsideHours);
    if ("refused" in hours) return hours.refused;
    const unoffered = notOffered(day, lines, (sid) => svc.get(sid)!.name);
    if (unoffered) return unoffered;
    if (unavailableNames(day, hours.business, a.time, lines).length) return fail(MSG.professionalUnavailable, MSG.professionalUnavailableDescription);
  }
  const before = describeLines(a.lines, day, new Map(a.lines.map((l) => [l.serviceId, { name: l.serviceName }])));
  // One round trip; the old lines are deleted before the new ones go in (both prepared statements'
  // execute(), so sent in this order: lib/core/db/together.ts), else a professional kept at the same
  // time would collide with their own old line.
  await together(
    w.tx.delete(appointmentServices).where(eq(appointmentServices.appointmentId, id)).prepare("delete_appointment_services").execute(),
    insertLines(w, id, lines),
    w.tx.update(appointments).set({ updatedAt: new Date() }).where(eq(appointments.id, id)).prepare("touch_appointment").execute(),
    w.audit({
      action: "UPDATE", entity: "appointment", entityId: id,
      description: `Serviços do agendamento de "${a.clientName}" em ${formatDate(a.date)} às ${a.time} atualizados`,
      oldValues: { services: before }, newValues: { services: describeLines(lines, day, svc) },
    }),
  );
  return ok();
}

/**
 * 'Este e os seguintes': the appointment `id` and, when it is one of a series, the series' other
 * occurrences dated after it (by date, then time), locked in that order; just `id` otherwise or for
 * 'Somente este'. Empty when `id` is not the business's.
 */
async function occurrencesFrom(w: Write, id: string, scope: SeriesScope): Promise<{ id: string; date: string }[]> {
  const rows = await executePrepared<{ id: string; date: string }>(w.tx, sql`
    select b.id, b.date::text as date from appointments a
      join appointments b on b.business_id = a.business_id
                         and (b.id = a.id or (${scope} = 'following' and b.series_id = a.series_id
                                              and (b.date, b.time, b.id) > (a.date, a.time, a.id)))
     where a.id = ${id} and a.business_id = ${w.ctx.businessId}
     order by b.date, b.time, b.id
       for update of b`);
  return rows;
}

/**
 * One change to `id` and, for 'Este e os seguintes', the same change to each following occurrence of
 * its series: all of them or none (a refusal rolls the pipeline's transaction back), the refusal
 * naming the date it met. `latestFirst`: a series moved to later dates moves its last occurrence
 * first, so none lands, even for a moment, on a sibling that has not moved yet.
 */
async function acrossSeries(
  w: Write, id: string, scope: SeriesScope, change: (one: { id: string; date: string }, first: boolean) => Promise<ActionResult>,
  { error, latestFirst = false }: { error: string; latestFirst?: boolean },
): Promise<ActionResult<{ ids: string[] }>> {
  const rows = await occurrencesFrom(w, id, scope);
  if (!rows.length) return fail(error, MSG.notFound);
  for (const one of latestFirst ? [...rows].reverse() : rows) {
    const r = await change(one, one.id === id);
    if (r.ok) continue;
    return rows.length > 1 ? { ...r, description: `${formatDate(one.date)}: ${r.description ?? r.error} Nada foi alterado.` } : r;
  }
  return ok({ ids: rows.map((r) => r.id) });
}

/** Deletes `id` (or it and the following occurrences of its series), each audited; the ids deleted. */
export function deleteAppointments(w: Write, id: string, scope: SeriesScope = "one", reason?: string) {
  return acrossSeries(w, id, scope, (one) => deleteAppointment(w, one.id, reason), { error: MSG.deleteError });
}

/**
 * Sets the status of `id` (or of it and the following occurrences of its series not already there),
 * each audited. `changed`: those it changed, each with the status it had ('Desfazer' puts it back).
 */
export async function setAppointmentsStatus(w: Write, id: string, statusId: number, scope: SeriesScope = "one", reason?: string) {
  const changed: { id: string; statusId: number }[] = [];
  const r = await acrossSeries(w, id, scope, async (one) => {
    const done = await setAppointmentStatus(w, one.id, statusId, new Date(), reason);
    if (done.ok && done.from !== undefined) changed.push({ id: one.id, statusId: done.from });
    return done;
  }, { error: MSG.statusError });
  return r.ok ? ok({ ids: r.ids, changed }) : r;
}

/**
 * 'Desfazer' in the toast of a cancel: each appointment back to the status it had, if it is still
 * cancelled (a change made since stays), re-checked as any appointment taken back from 'Cancelado'
 * (a time booked meanwhile refuses all of them). Each audited.
 */
export async function undoCancel(w: Write, items: readonly { id: string; statusId: number }[]): Promise<ActionResult<{ restored: number }>> {
  let restored = 0;
  for (const item of items) {
    const a = await lockAppointment(w, item.id);
    if (!a || a === HIDDEN) return gone(MSG.statusError, a);
    if (a.statusId !== STATUS.cancelado) continue;
    const r = await setAppointmentStatus(w, item.id, item.statusId, new Date(), UNDO_REASON);
    if (!r.ok) return { ...r, description: `${formatDate(a.date)} às ${a.time}: ${r.description ?? r.error} Nada foi alterado.` };
    restored++;
  }
  return ok({ restored });
}

/** The audit rows' reason of an undone cancel. */
const UNDO_REASON = "cancelamento desfeito";

/**
 * The card dropped on another day: `id` to `date`, and for 'Este e os seguintes' each following
 * occurrence as many days later or earlier (a weekly series stays weekly on its new weekday).
 */
export async function moveAppointments(w: Write, id: string, date: string, outsideHours: boolean, scope: SeriesScope = "one") {
  if (scope === "one") return acrossSeries(w, id, scope, (one) => moveAppointment(w, one.id, date, outsideHours), { error: MSG.dateError });
  const [from] = await executePrepared<{ date: string }>(w.tx, sql`
    select date::text as date from appointments where id = ${id} and business_id = ${w.ctx.businessId}`);
  if (!from) return fail(MSG.dateError, MSG.notFound);
  const shift = daysBetween(from.date, date);
  return acrossSeries(w, id, scope, (one) => moveAppointment(w, one.id, addDays(one.date, shift), outsideHours), { error: MSG.dateError, latestFirst: shift > 0 });
}

/** The inline time edit: `id` (or it and the following occurrences of its series) at `time`. */
export function changeAppointmentsTime(w: Write, id: string, time: string, outsideHours: boolean, scope: SeriesScope = "one") {
  return acrossSeries(w, id, scope, (one) => changeAppointmentTime(w, one.id, time, outsideHours), { error: MSG.timeError });
}

/** The grid's drag for `id` (or it and the following occurrences: each at `time`, `from`'s services to `to` where it has any). */
export function moveInGridAcross(w: Write, id: string, time: string, from: string | null, to: string | null, outsideHours: boolean, scope: SeriesScope = "one") {
  return acrossSeries(w, id, scope, (one, first) => moveInGrid(w, one.id, time, from, to, outsideHours, first), { error: MSG.timeError });
}

/** 'Gerenciar Serviços e Profissionais' for `id` (or it and the following occurrences, each given the same services). */
export function replaceServicesAcross(w: Write, id: string, lines: LineInput[], scope: SeriesScope = "one") {
  return acrossSeries(w, id, scope, (one) => replaceAppointmentServices(w, one.id, lines), { error: MSG.servicesError });
}

export async function deleteAppointment(w: Write, id: string, reason?: string): Promise<ActionResult> {
  const a = await lockAppointment(w, id);
  if (!a || a === HIDDEN) return gone(MSG.deleteError, a);
  // Its rows as they were, kept in the audit row: what 'Desfazer' puts back (undo-delete.ts).
  const record = await deletedRecord(w.tx, id);
  await together(
    w.tx.delete(appointments).where(eq(appointments.id, id)).prepare("delete_appointment").execute(),
    w.audit({
      action: "DELETE", entity: "appointment", entityId: id,
      description: `Agendamento de "${a.clientName}" em ${formatDate(a.date)} às ${a.time} excluído${because(reason)}`,
      oldValues: { client: a.clientName, ...snapshot(a), services: a.lines.map((l) => l.serviceName).join(", "), record },
    }),
  );
  return ok();
}
