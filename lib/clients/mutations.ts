import "server-only";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { appointments, clientBalanceMovements, clients, comandas, conversations, waitlistEntries } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, refusal, type ActionResult } from "@/lib/core/actions/result";
import { formatDate } from "@/lib/core/format/date";
import { STATUS_SQL } from "@/lib/appointments/status-sql";
import { lockPhone } from "./by-phone";
import { CLIENT_DUPLICATE_CODE, CLIENT_MESSAGES, duplicateText } from "./messages";
import { duplicateClients } from "./queries";
import { CLIENT_NOTES_MAX, type clientFieldsSchema, type newClientSchema } from "./schemas";
import type { z } from "zod";

type Fields = z.output<typeof clientFieldsSchema>;

const snapshot = (c: { name: string; phone: string | null; email: string | null }) => ({ name: c.name, phone: c.phone, email: c.email });

/**
 * 'Novo Cliente' and the appointment's 'Criar novo'. A client of the business with the same phone or
 * e-mail refuses it (CLIENT_DUPLICATE_CODE, naming that client) unless the caller said it is another
 * person (`allowDuplicate`); the audit row then names the client it resembles. The phone's lock
 * (by-phone.ts) makes two simultaneous creations with one phone one after the other, so the second
 * sees the first.
 */
export async function createClient({ ctx, tx, audit }: Write, { allowDuplicate, ...data }: z.output<typeof newClientSchema>): Promise<ActionResult<{ id: string }>> {
  if (data.phone) await lockPhone(tx, ctx.businessId, data.phone);
  const [twin] = await duplicateClients(ctx.businessId, data, tx);
  if (twin && !allowDuplicate) return refusal(CLIENT_DUPLICATE_CODE, CLIENT_MESSAGES.duplicate, duplicateText(twin));
  const [row] = await tx
    .insert(clients)
    .values({ businessId: ctx.businessId, userId: ctx.userId, ...data })
    .returning();
  await audit({
    action: "CREATE", entity: "client", entityId: row.id, description: `Cliente "${row.name}" criado`,
    newValues: { ...snapshot(row), ...(twin && { sameContactAs: { id: twin.id, name: twin.name } }) },
  });
  return ok({ id: row.id });
}

/** Locks the business's client row for the change; null when the id is not a client of this business. */
async function lockClient({ ctx, tx }: Write, id: string) {
  const [row] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.businessId, ctx.businessId)))
    .for("update");
  return row ?? null;
}

export async function updateClient(w: Write, id: string, data: Fields): Promise<ActionResult> {
  const before = await lockClient(w, id);
  if (!before) return fail(CLIENT_MESSAGES.saveError, CLIENT_MESSAGES.notFound);
  const [after] = await w.tx
    .update(clients)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(clients.id, id))
    .returning();
  await w.audit({
    action: "UPDATE", entity: "client", entityId: id, description: `Cliente "${after.name}" atualizado`,
    oldValues: snapshot(before), newValues: snapshot(after),
  });
  return ok();
}

/** The client page's notes: one audited change, the old and new text in the row. */
export async function updateClientNotes(w: Write, id: string, notes: string | null): Promise<ActionResult> {
  const before = await lockClient(w, id);
  if (!before) return fail(CLIENT_MESSAGES.notesError, CLIENT_MESSAGES.notFound);
  if ((before.notes ?? null) === notes) return ok();
  await w.tx.update(clients).set({ notes, updatedAt: new Date() }).where(eq(clients.id, id));
  await w.audit({
    action: "UPDATE", entity: "client", entityId: id, description: `Observações do cliente "${before.name}" atualizadas`,
    oldValues: { notes: before.notes }, newValues: { notes },
  });
  return ok();
}

/** "1 agendamento" / "3 agendamentos". */
export function appointmentsText(n: number): string {
  return `${n} ${n === 1 ? "agendamento" : "agendamentos"}`;
}

/**
 * Deletes a client of the business. A client with appointments is refused, naming how many, unless
 * the caller confirmed that those appointments go too (each gets its own DELETE audit row).
 */
export async function deleteClient(w: Write, id: string, withAppointments: boolean): Promise<ActionResult<{ appointmentsDeleted: number }>> {
  const before = await lockClient(w, id);
  if (!before) return fail(CLIENT_MESSAGES.deleteError, CLIENT_MESSAGES.notFound);
  const [{ n }] = await w.tx.select({ n: count() }).from(appointments).where(eq(appointments.clientId, id));
  if (n > 0 && !withAppointments) {
    return fail(
      CLIENT_MESSAGES.deleteError,
      `Este cliente tem ${appointmentsText(n)}. Confirme que deseja excluir o cliente junto com ${n === 1 ? "ele" : "eles"}.`,
    );
  }
  if (n > 0) {
    const gone = await w.tx
      .delete(appointments)
      .where(and(eq(appointments.clientId, id), eq(appointments.businessId, w.ctx.businessId)))
      .returning({ id: appointments.id, date: appointments.date, time: appointments.time, statusId: appointments.statusId });
    for (const a of gone) {
      await w.audit({
        action: "DELETE", entity: "appointment", entityId: a.id,
        description: `Agendamento de "${before.name}" em ${a.date} às ${a.time.slice(0, 5)} excluído com o cliente`,
        oldValues: { clientId: id, date: a.date, time: a.time.slice(0, 5), statusId: a.statusId },
      });
    }
  }
  await w.tx.delete(clients).where(inArray(clients.id, [id]));
  await w.audit({ action: "DELETE", entity: "client", entityId: id, description: `Cliente "${before.name}" excluído`, oldValues: snapshot(before) });
  return ok({ appointmentsDeleted: n });
}

/** Two texts kept as one: both, a blank line apart, within the notes' limit. */
function joinNotes(a: string | null, b: string | null): string | null {
  const both = [a, b].filter((n): n is string => !!n).join("\n\n");
  return both ? both.slice(0, CLIENT_NOTES_MAX) : null;
}

/**
 * 'Mesclar' (the client's page, owner only): everything of `mergedId` — appointments, waitlist
 * entries, conversations, and every other row that names a client (the kept per-client totals follow
 * the appointments by their triggers) — passes to `id`, which keeps its own name and contact and
 * takes the other's phone, e-mail and notes where it has none (notes: both); then `mergedId` is
 * deleted. One transaction, one audit row. Both must be clients of the business; when both have a
 * booking at overlapping times (the same person can't be in two places), nothing is merged.
 */
export async function mergeClients(w: Write, id: string, mergedId: string): Promise<ActionResult<{ appointments: number }>> {
  const { businessId } = w.ctx;
  // Both rows locked, in id order (a merge the other way at the same time waits, never deadlocks).
  const rows = await w.tx.select().from(clients)
    .where(and(inArray(clients.id, [id, mergedId]), eq(clients.businessId, businessId)))
    .orderBy(clients.id).for("update");
  const kept = rows.find((r) => r.id === id);
  const merged = rows.find((r) => r.id === mergedId);
  if (!kept || !merged || id === mergedId) return fail(CLIENT_MESSAGES.mergeError, CLIENT_MESSAGES.notFound);

  const [clash] = await w.tx.execute<{ date: string; time: string }>(sql`
    select a.date::text as date, a.time::text as time
      from appointments a
      join appointments b on b.client_id = ${mergedId} and b.status_id <> ${STATUS_SQL.cancelado} and b.client_period && a.client_period
     where a.client_id = ${id} and a.status_id <> ${STATUS_SQL.cancelado}
     order by a.date, a.time limit 1`);
  if (clash) {
    return fail(
      CLIENT_MESSAGES.mergeError,
      `${kept.name} e ${merged.name} têm agendamentos no mesmo horário em ${formatDate(clash.date)} às ${clash.time.slice(0, 5)}. Cancele ou mova um deles antes de mesclar.`,
    );
  }

  const moved = await w.tx.update(appointments).set({ clientId: id })
    .where(and(eq(appointments.clientId, mergedId), eq(appointments.businessId, businessId))).returning({ id: appointments.id });
  const entries = await w.tx.update(waitlistEntries).set({ clientId: id, updatedAt: new Date() })
    .where(and(eq(waitlistEntries.clientId, mergedId), eq(waitlistEntries.businessId, businessId))).returning({ id: waitlistEntries.id });
  const talks = await w.tx.update(conversations).set({ clientId: id })
    .where(and(eq(conversations.clientId, mergedId), eq(conversations.businessId, businessId))).returning({ id: conversations.id });
  // Their bills and their account with the salon (debt, credit) go with them (issue 53).
  const bills = await w.tx.update(comandas).set({ clientId: id })
    .where(and(eq(comandas.clientId, mergedId), eq(comandas.businessId, businessId))).returning({ id: comandas.id });
  await w.tx.update(clientBalanceMovements).set({ clientId: id })
    .where(and(eq(clientBalanceMovements.clientId, mergedId), eq(clientBalanceMovements.businessId, businessId)));

  const filled = {
    phone: kept.phone ?? merged.phone,
    email: kept.email ?? merged.email,
    notes: merged.notes && merged.notes !== kept.notes ? joinNotes(kept.notes, merged.notes) : kept.notes,
  };
  const changes = Object.fromEntries(Object.entries(filled).filter(([k, v]) => v !== kept[k as keyof typeof filled]));
  if (Object.keys(changes).length) await w.tx.update(clients).set({ ...changes, updatedAt: new Date() }).where(eq(clients.id, id));
  await w.tx.delete(clients).where(and(eq(clients.id, mergedId), eq(clients.businessId, businessId)));

  const n = moved.length;
  await w.audit({
    action: "UPDATE", entity: "client", entityId: id,
    description: `Cliente "${merged.name}" mesclado em "${kept.name}" (${n === 1 ? "1 agendamento" : `${n} agendamentos`})`,
    oldValues: { ...snapshot(kept), notes: kept.notes, merged: { id: merged.id, ...snapshot(merged), notes: merged.notes } },
    newValues: {
      ...snapshot({ ...kept, ...filled }), notes: filled.notes,
      moved: { appointments: moved.map((a) => a.id), waitlistEntries: entries.map((e) => e.id), conversations: talks.length, comandas: bills.map((b) => b.id) },
    },
  });
  return ok({ appointments: n });
}
