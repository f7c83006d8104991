import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import { appointments, clients } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { CLIENT_MESSAGES } from "./messages";
import type { clientFieldsSchema } from "./schemas";
import type { z } from "zod";

type Fields = z.output<typeof clientFieldsSchema>;

const snapshot = (c: { name: string; phone: string | null; email: string | null }) => ({ name: c.name, phone: c.phone, email: c.email });

export async function createClient({ ctx, tx, audit }: Write, data: Fields): Promise<ActionResult<{ id: string }>> {
  const [row] = await tx
    .insert(clients)
    .values({ businessId: ctx.businessId, userId: ctx.userId, ...data })
    .returning();
  await audit({ action: "CREATE", entity: "client", entityId: row.id, description: `Cliente "${row.name}" criado`, newValues: snapshot(row) });
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
