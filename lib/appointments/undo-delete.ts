import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import type { Write } from "@/lib/pipeline";
import { fail, ok, refusal, type ActionResult } from "@/lib/core/actions/result";
import { CONFLICTS } from "@/lib/core/actions/messages";
import { executePrepared } from "@/lib/core/db/prepared";
import { PG, pgCode, pgConstraint } from "@/lib/core/db/errors";
import { formatDate } from "@/lib/core/format/date";
import { APPOINTMENT_MESSAGES as MSG } from "./messages";
import { statusName } from "./status";
import { agendaScope, seesLines } from "./visibility";
import { ACCESS } from "@/lib/auth/permissions";

/**
 * 'Desfazer' after a delete ('Somente este' or 'Este e os seguintes'). What comes back is never what
 * the browser sends: the delete keeps each appointment's rows, exactly as they were, in its own audit
 * row (old_values.record, written in the delete's transaction), and the undo reads them from there —
 * found by the appointment's id within the caller's business, and only for UNDO_DELETE_SECONDS.
 * No table of its own: the audit row is already the server's record of the delete, kept with it or
 * not at all, and it cannot be written by anyone but the pipeline.
 */

/** How long a delete can be undone: its toast shows for 10 s (one with a button); the rest is room for a slow network. */
export const UNDO_DELETE_SECONDS = 60;

/** An appointment's rows as the database holds them (snake_case), its lines in order. */
export type DeletedRecord = { appointment: Record<string, unknown>; lines: Record<string, unknown>[] };

/** The rows of `id` for its delete's audit row (read before the delete, in its transaction). */
export async function deletedRecord(tx: Conn, id: string): Promise<DeletedRecord> {
  const [r] = await executePrepared<{ record: DeletedRecord }>(tx, sql`
    select jsonb_build_object(
             'appointment', to_jsonb(a) - 'client_period',
             'lines', coalesce((select jsonb_agg(to_jsonb(s) order by s.position, s.id)
                                  from appointment_services s where s.appointment_id = a.id), '[]'::jsonb)) as record
      from appointments a where a.id = ${id}`);
  return r.record;
}

/**
 * Puts back the appointments of `ids` deleted by this business in the last UNDO_DELETE_SECONDS,
 * from their delete's audit row: same id, date, time, status, series, 'Encaixe', lines (order,
 * 'em seguida', professionals). One already back (the undo sent twice) is skipped; one without such
 * a record (another business's, or too late) refuses them all. The exclusion constraints decide
 * whether the time is still free; one of another professional than the only one the caller sees is refused: a time taken meanwhile refuses them all, naming the date. Each
 * restored one audited. `restored`: how many came back.
 */
export async function undoDelete(w: Write, ids: readonly string[]): Promise<ActionResult<{ restored: number }>> {
  let restored = 0;
  for (const id of ids) {
    // The delete's audit row, locked: two undos of the same delete run one after the other.
    const [rec] = await executePrepared<{ audit_id: string; professional_ids: (string | null)[] }>(w.tx, sql`
      select l.id as audit_id,
             array(select x->>'professional_id' from jsonb_array_elements(l.old_values->'record'->'lines') x) as professional_ids
        from audit_logs l
       where l.business_id = ${w.ctx.businessId} and l.entity_type = 'appointment' and l.action_type = 'DELETE'
         and l.entity_id = ${id} and l.old_values ? 'record'
         and l.created_at > now() - make_interval(secs => ${UNDO_DELETE_SECONDS})
       order by l.created_at desc
       limit 1
         for update of l`);
    if (!rec) return fail(MSG.undoDeleteError, MSG.undoDeleteExpired);
    // Another professional's appointment is not put back by one who sees only their own (visibility.ts).
    if (!seesLines(agendaScope(w.ctx.business), rec.professional_ids.map((professionalId) => ({ professionalId })))) return fail(MSG.undoDeleteError, ACCESS.forbidden);
    // Read after the lock (a statement of its own, so it sees what the undo it waited for committed).
    const [back] = await executePrepared<{ id: string }>(w.tx, sql`select id from appointments where id = ${id}`);
    if (back) continue;
    try {
      await w.tx.transaction((sp) => restore(sp, w.ctx.businessId, rec.audit_id));
    } catch (e) {
      if (pgCode(e) !== PG.exclusionViolation) throw e;
      const [a] = await executePrepared<{ date: string; time: string }>(w.tx, sql`
        select old_values->'record'->'appointment'->>'date' as date, left(old_values->'record'->'appointment'->>'time', 5) as time
          from audit_logs where id = ${rec.audit_id}`);
      const c = pgConstraint(e) === "appointments_client_no_overlap" ? CONFLICTS.client : CONFLICTS.professional;
      return refusal(c.code, c.error, `${formatDate(a.date)} às ${a.time}: ${c.description} Nada foi restaurado.`);
    }
    const [a] = await executePrepared<{ client: string; date: string; time: string; status_id: number; services: string | null }>(w.tx, sql`
      select c.name as client, a.date::text as date, to_char(a.time, 'HH24:MI') as time, a.status_id,
             (select string_agg(sv.name, ', ' order by s.position, s.id) from appointment_services s
                join services sv on sv.id = s.service_id where s.appointment_id = a.id) as services
        from appointments a join clients c on c.id = a.client_id where a.id = ${id}`);
    await w.audit({
      action: "CREATE", entity: "appointment", entityId: id,
      description: `Agendamento de "${a.client}" em ${formatDate(a.date)} às ${a.time} restaurado (exclusão desfeita)`,
      newValues: { client: a.client, date: a.date, time: a.time, status: statusName(a.status_id), services: a.services ?? "" },
    });
    restored++;
  }
  return ok({ restored });
}

/** Inserts the rows the audit row `auditId` kept: the appointment, then its lines (their trigger blocks the professionals). */
async function restore(tx: Conn, businessId: string, auditId: string) {
  await tx.execute(sql`
    with rec as (select old_values->'record' as r from audit_logs where id = ${auditId})
    insert into appointments (id, business_id, client_id, date, time, status_id, source, outside_hours, series_id, user_id, created_at)
    select a.id, ${businessId}, a.client_id, a.date, a.time, a.status_id, a.source, a.outside_hours, a.series_id, a.user_id, a.created_at
      from rec, jsonb_populate_record(null::appointments, rec.r->'appointment') a`);
  await tx.execute(sql`
    with rec as (select old_values->'record' as r from audit_logs where id = ${auditId})
    insert into appointment_services (id, appointment_id, service_id, professional_id, user_id, business_id, position, after_previous)
    select s.id, s.appointment_id, s.service_id, s.professional_id, s.user_id, ${businessId}, s.position, s.after_previous
      from rec, jsonb_populate_recordset(null::appointment_services, rec.r->'lines') s
     order by s.position`);
}
