import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx, Db } from "@/db";
import { services } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, refusal, type ActionResult } from "@/lib/core/actions/result";
import { changeList, withChanges, type FieldLabels } from "@/lib/audit/describe";
import { PG, pgCode } from "@/lib/core/db/errors";
import { formatDate } from "@/lib/core/format/date";
import { formatDuration } from "@/lib/core/format/duration";
import { professionalSpans, serviceMinutes, type TimedLine } from "@/lib/appointments/rules/appointment-lines";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { inUseText, SERVICE_IN_USE, SERVICE_MESSAGES } from "./messages";
import { type serviceFieldsSchema } from "./schemas";
import { STATUS_SQL } from "@/lib/appointments/status-sql";

type Fields = z.output<typeof serviceFieldsSchema>;
type Snapshot = { name: string; description: string | null; durationMinutes: number | null; active: boolean };

const snapshot = (s: Snapshot): Snapshot => ({ name: s.name, description: s.description, durationMinutes: s.durationMinutes, active: s.active });

const LABELS: FieldLabels<Snapshot> = {
  name: { label: "nome" },
  description: { label: "descrição" },
  durationMinutes: { label: "duração", show: (m) => formatDuration(m ?? 0) },
  // The professionals' word for it (lib/professionals/mutations.ts).
  active: { label: "status", show: (a) => (a ? "Ativo" : "Inativo") },
};

export async function createService({ ctx, tx, audit }: Write, { active, ...data }: Fields): Promise<ActionResult<{ id: string }>> {
  const [row] = await tx.insert(services).values({ businessId: ctx.businessId, userId: ctx.userId, ...data, active: active ?? true }).returning();
  await audit({ action: "CREATE", entity: "service", entityId: row.id, description: `Serviço "${row.name}" criado`, newValues: snapshot(row) });
  return ok({ id: row.id });
}

/**
 * Locks the business's service row for the change; null when the id is not a service of this
 * business. The lock also holds off bookings that use the service until the change commits (their
 * foreign-key check takes a share lock on it), so none is blocked out with the old duration.
 */
async function lockService({ ctx, tx }: Write, id: string) {
  const [row] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.businessId, ctx.businessId)))
    .for("update");
  return row ?? null;
}

export async function updateService(w: Write, id: string, { active, ...data }: Fields): Promise<ActionResult> {
  const before = await lockService(w, id);
  if (!before) return fail(SERVICE_MESSAGES.saveError, SERVICE_MESSAGES.notFound);
  const [after] = await w.tx
    .update(services)
    .set({ ...data, active: active ?? before.active, updatedAt: new Date() })
    .where(eq(services.id, id))
    .returning();
  if (serviceMinutes(before.durationMinutes) !== serviceMinutes(after.durationMinutes)) {
    const conflict = await refreshUpcomingBlocks(w.tx, w.ctx.businessId, id);
    if (conflict) return fail(SERVICE_MESSAGES.saveError, durationConflictText(conflict));
  }
  await w.audit({
    action: "UPDATE", entity: "service", entityId: id,
    description: withChanges(`Serviço "${after.name}" atualizado`, changeList(LABELS, snapshot(before), snapshot(after))),
    oldValues: snapshot(before), newValues: snapshot(after),
  });
  return ok();
}

export type DurationConflict = {
  client: string; date: string; time: string;
  professional: string;
  other: { client: string; date: string; time: string } | null;
};

export function durationConflictText(c: DurationConflict): string {
  const at = (date: string, time: string) => `${formatDate(date)} às ${time.slice(0, 5)}`;
  const other = c.other
    ? ` ao de ${c.other.client} (${c.other.date === c.date ? `às ${c.other.time.slice(0, 5)}` : at(c.other.date, c.other.time)})`
    : " a outro atendimento";
  return `Com a nova duração, o agendamento de ${c.client} em ${at(c.date, c.time)} se sobreporia${other} de ${c.professional}. Nenhuma alteração foi salva.`;
}

type Upcoming = { id: string; date: string; time: string; client: string };

/**
 * Recomputes the professional blocks (migration 0001, refresh_appointment_blocks) of the business's
 * non-cancelled appointments from today on (business zone) that have this service with a
 * professional, after its duration changed. All at once; when that overlaps another booking
 * (23P01), one by one in date order to name the first appointment that no longer fits. Returns
 * that conflict (the caller refuses, and the transaction rolls everything back) or null.
 */
async function refreshUpcomingBlocks(tx: Tx | Db, businessId: string, serviceId: string): Promise<DurationConflict | null> {
  const upcoming = await tx.execute<Upcoming>(sql`
    select a.id, a.date::text as date, a.time::text as time, c.name as client
      from appointments a
      join clients c on c.id = a.client_id
     where a.business_id = ${businessId} and a.status_id <> ${STATUS_SQL.cancelado} and a.date >= ${todayInBusiness()}
       and exists (select 1 from appointment_services s where s.appointment_id = a.id and s.service_id = ${serviceId})
       -- any professional's line: one 'em seguida' moves with the line before it, whoever does that one
       and exists (select 1 from appointment_services s where s.appointment_id = a.id and s.professional_id is not null)
     order by a.date, a.time, a.id`);
  if (upcoming.length === 0) return null;
  const ids = upcoming.map((a) => a.id);
  if (await tryRefresh(tx, ids)) return null;
  for (const a of upcoming) {
    if (!(await tryRefresh(tx, [a.id]))) return describeConflict(tx, a);
  }
  // Every appointment fits alone, yet not all together: name the last one.
  return describeConflict(tx, upcoming[upcoming.length - 1]);
}

/** Refreshes the blocks inside a savepoint; false (and nothing kept) when they would overlap. */
async function tryRefresh(tx: Tx | Db, ids: string[]): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(sql`select refresh_appointment_blocks(x.id) from unnest(${`{${ids.join(",")}}`}::uuid[]) with ordinality as x(id, n) order by x.n`);
    });
    return true;
  } catch (e) {
    if (pgCode(e) === PG.exclusionViolation) return false;
    throw e;
  }
}

/**
 * Which booking `a`'s recomputed blocks would overlap, for the message: each professional's block
 * with the new duration, timed as the trigger times it (professionalSpans over lineOffsets).
 */
async function describeConflict(tx: Tx | Db, a: Upcoming): Promise<DurationConflict> {
  const lines = await tx.execute<TimedLine>(sql`
    select sv.duration_minutes as "durationMinutes", s.professional_id as "professionalId", s.after_previous as "afterPrevious"
      from appointment_services s join services sv on sv.id = s.service_id
     where s.appointment_id = ${a.id}
     order by s.position, s.id`);
  const spans = [...professionalSpans(lines)].map(([p, o]) => sql`(${p}::uuid, ${o.start}::int, ${o.end}::int)`);
  const [hit] = spans.length ? await tx.execute<{ professional: string; client: string | null; date: string | null; time: string | null }>(sql`
    with mine as (
      select m.professional_id,
             tsrange(ap.date + ap.time + make_interval(mins => m.s), ap.date + ap.time + make_interval(mins => m.e)) as period
        from (values ${sql.join(spans, sql`, `)}) as m(professional_id, s, e)
        join appointments ap on ap.id = ${a.id}
    )
    select p.name as professional, c.name as client, o.date::text as date, o.time::text as time
      from mine m
      join professionals p on p.id = m.professional_id
      left join appointment_professional_blocks b
             on b.professional_id = m.professional_id and b.period && m.period and b.appointment_id <> ${a.id}
      left join appointments o on o.id = b.appointment_id
      left join clients c on c.id = o.client_id
     order by (b.appointment_id is null), lower(b.period), p.name
     limit 1`) : [];
  return {
    client: a.client, date: a.date, time: a.time,
    professional: hit?.professional ?? "um profissional",
    other: hit?.client && hit.date && hit.time ? { client: hit.client, date: hit.date, time: hit.time } : null,
  };
}

/**
 * 'Ativo' / 'Inativo'. An inactive service stays on the appointments that have it (and so in the
 * reports) but is offered for no new booking: the agenda's dialogs, the services editor (except on
 * an appointment that already has it) and the public page list only active ones, and
 * createAppointment refuses the others. Setting what it already is writes nothing.
 */
export async function setServiceActive(w: Write, id: string, active: boolean): Promise<ActionResult> {
  const before = await lockService(w, id);
  if (!before) return fail(SERVICE_MESSAGES.saveError, SERVICE_MESSAGES.notFound);
  if (before.active === active) return ok();
  const [after] = await w.tx.update(services).set({ active, updatedAt: new Date() }).where(eq(services.id, id)).returning();
  await w.audit({
    action: "UPDATE", entity: "service", entityId: id,
    description: `Serviço "${after.name}" ${active ? "ativado" : "desativado"}`,
    oldValues: snapshot(before), newValues: snapshot(after),
  });
  return ok();
}

/**
 * Deletes a service of the business. One used by appointments (any date, any status) is refused,
 * naming how many: the database would refuse it too (appointment_services keeps its service). An
 * active one's refusal carries SERVICE_IN_USE, so the screen offers to deactivate it instead.
 * The professionals' prices for it go with it.
 */
export async function deleteService(w: Write, id: string): Promise<ActionResult> {
  const before = await lockService(w, id);
  if (!before) return fail(SERVICE_MESSAGES.deleteError, SERVICE_MESSAGES.notFound);
  const [{ n }] = await w.tx.execute<{ n: number }>(sql`
    select count(distinct appointment_id)::int as n from appointment_services
     where business_id = ${w.ctx.businessId} and service_id = ${id}`);
  if (n > 0) {
    const text = inUseText(before.name, n, before.active);
    return before.active ? refusal(SERVICE_IN_USE, SERVICE_MESSAGES.deleteError, text) : fail(SERVICE_MESSAGES.deleteError, text);
  }
  await w.tx.delete(services).where(eq(services.id, id));
  await w.audit({ action: "DELETE", entity: "service", entityId: id, description: `Serviço "${before.name}" excluído`, oldValues: snapshot(before) });
  return ok();
}
