import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  professionalAvatars, professionalBreaks, professionalServices, professionals, professionalWeeklySchedules, services,
} from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { changeList, withChanges, type FieldLabels } from "@/lib/audit/describe";
import { formatBRL } from "@/lib/core/format/money";
import { WEEKDAY_LABELS, type DayRestriction } from "@/lib/appointments/rules/weekly-schedule";
import { AVATAR_MESSAGES, checkAvatar, MAX_AVATAR_BYTES, type ImageType } from "@/lib/core/uploads/image-type";
import { loadRestrictions } from "./queries";
import { PROFESSIONAL_MESSAGES as MSG } from "./messages";
import { type professionalFieldsSchema, type RestrictionsOutput, type timeOffSchema } from "./schemas";
import { affectedRefusal } from "@/lib/business-hours/affected";
import { TIME_OFF_AFFECTED, timeOffSpanText } from "./time-off-text";

type Fields = z.output<typeof professionalFieldsSchema>;
type OfferSnap = { serviceId: string; service: string; price: string | null };
type Snapshot = {
  name: string; email: string | null; phone: string | null; bio: string | null; active: boolean;
  avatarUrl: string | null; services: OfferSnap[];
};

const offersText = (list: OfferSnap[]) =>
  list.length ? list.map((o) => `${o.service} (${o.price === null ? "sem preço" : formatBRL(o.price)})`).join(", ") : "nenhum";

const LABELS: FieldLabels<Snapshot> = {
  name: { label: "nome" },
  email: { label: "email" },
  phone: { label: "telefone" },
  bio: { label: "bio" },
  active: { label: "status", show: (a) => (a ? "Ativo" : "Inativo") },
  avatarUrl: { label: "foto", change: (a, b) => (!a ? "adicionada" : !b ? "removida" : "trocada") },
  services: { label: "serviços", show: offersText },
};

/** The professional of the business, locked for the change; null when the id is not one of theirs. */
async function lockProfessional({ ctx, tx }: Write, id: string) {
  const [row] = await tx
    .select()
    .from(professionals)
    .where(and(eq(professionals.id, id), eq(professionals.businessId, ctx.businessId)))
    .for("update");
  return row ?? null;
}

async function offersOf({ tx }: Write, professionalId: string): Promise<OfferSnap[]> {
  const rows = await tx.execute<OfferSnap>(sql`
    select ps.service_id as "serviceId", s.name as service, ps.price::text as price
      from professional_services ps join services s on s.id = ps.service_id
     where ps.professional_id = ${professionalId}
     order by agenda_fold(s.name), s.name`);
  return [...rows];
}

type Row = typeof professionals.$inferSelect;
const snapshot = (p: Row, offers: OfferSnap[]): Snapshot => ({
  name: p.name, email: p.email, phone: p.phone, bio: p.bio, active: p.active, avatarUrl: p.avatarUrl, services: offers,
});

/** The photo's bytes and real type, or why it can't be an avatar (never read past 2 MB). */
export async function readPhoto(photo: Blob): Promise<{ ok: true; type: ImageType; bytes: Buffer } | { ok: false; message: string }> {
  if (photo.size > MAX_AVATAR_BYTES) return { ok: false, message: AVATAR_MESSAGES.tooLarge };
  const bytes = Buffer.from(await photo.arrayBuffer());
  const check = checkAvatar(bytes);
  return check.ok ? { ok: true, type: check.type, bytes } : check;
}

/**
 * Creates (id null) or updates a professional of the business, replacing their services and prices
 * in the same transaction, and their photo when one comes. A photo that is not a JPEG, PNG, WebP
 * or GIF of at most 2 MB does not stop the save (spec section 7): the professional is saved
 * without it and `photoError` says why.
 */
export async function saveProfessional(w: Write, id: string | null, data: Fields): Promise<ActionResult<{ id: string; photoError?: string }>> {
  const { ctx, tx } = w;
  const serviceIds = data.offers.map((o) => o.serviceId);
  const known = serviceIds.length
    ? await tx.select({ id: services.id, name: services.name }).from(services)
        .where(and(eq(services.businessId, ctx.businessId), inArray(services.id, serviceIds)))
    : [];
  if (known.length !== serviceIds.length) return fail(MSG.saveError, MSG.unknownService);

  const fields = { name: data.name, email: data.email, phone: data.phone, bio: data.bio, active: data.active };
  let before: Snapshot | null = null;
  let row: Row;
  if (id) {
    const locked = await lockProfessional(w, id);
    if (!locked) return fail(MSG.saveError, MSG.notFound);
    before = snapshot(locked, await offersOf(w, id));
    [row] = await tx.update(professionals).set({ ...fields, updatedAt: new Date() }).where(eq(professionals.id, id)).returning();
  } else {
    [row] = await tx.insert(professionals).values({ ...fields, businessId: ctx.businessId, userId: ctx.userId }).returning();
  }

  await tx.delete(professionalServices).where(eq(professionalServices.professionalId, row.id));
  if (data.offers.length) {
    await tx.insert(professionalServices).values(
      data.offers.map((o) => ({ professionalId: row.id, serviceId: o.serviceId, price: o.price, userId: ctx.userId, businessId: ctx.businessId })),
    );
  }

  let photoError: string | undefined;
  if (data.photo) {
    const photo = await readPhoto(data.photo);
    if (photo.ok) row = await replaceAvatar(w, row.id, photo.type, photo.bytes);
    else photoError = photo.message;
  } else if (data.removePhoto && row.avatarUrl) {
    await tx.delete(professionalAvatars).where(eq(professionalAvatars.professionalId, row.id));
    [row] = await tx.update(professionals).set({ avatarUrl: null }).where(eq(professionals.id, row.id)).returning();
  }

  const after = snapshot(row, await offersOf(w, row.id));
  await w.audit(
    before
      ? {
          action: "UPDATE", entity: "professional", entityId: row.id,
          description: withChanges(`Profissional "${row.name}" atualizado`, changeList(LABELS, before, after)),
          oldValues: before, newValues: after,
        }
      : { action: "CREATE", entity: "professional", entityId: row.id, description: `Profissional "${row.name}" criado`, newValues: after },
  );
  return ok(photoError ? { id: row.id, photoError } : { id: row.id });
}

/** One photo per professional: the new row replaces the old, and the URL names the new row (so caches never serve the old one). */
async function replaceAvatar({ ctx, tx }: Write, professionalId: string, contentType: ImageType, bytes: Buffer): Promise<Row> {
  await tx.delete(professionalAvatars).where(eq(professionalAvatars.professionalId, professionalId));
  const [avatar] = await tx
    .insert(professionalAvatars)
    .values({ professionalId, businessId: ctx.businessId, contentType, data: bytes })
    .returning({ id: professionalAvatars.id });
  const [row] = await tx
    .update(professionals)
    .set({ avatarUrl: `/api/avatars/${avatar.id}` })
    .where(eq(professionals.id, professionalId))
    .returning();
  return row;
}

/**
 * Deletes a professional of the business with their prices, schedule, breaks and photo. Their
 * services in appointments stay, without a professional ('Sem profissional').
 */
export async function deleteProfessional(w: Write, id: string): Promise<ActionResult> {
  const before = await lockProfessional(w, id);
  if (!before) return fail(MSG.deleteError, MSG.notFound);
  const snap = snapshot(before, await offersOf(w, id));
  await w.tx.delete(professionals).where(eq(professionals.id, id));
  await w.audit({ action: "DELETE", entity: "professional", entityId: id, description: `Profissional "${before.name}" excluído`, oldValues: snap });
  return ok();
}

/** "09:00–18:00, Almoço 12:00–13:00" / "folga". */
export function dayText(d: Pick<DayRestriction, "isWorking" | "start" | "end" | "breaks">): string {
  if (!d.isWorking) return "folga";
  const breaks = d.breaks.map((b) => `${b.label} ${b.start}–${b.end}`);
  return [`${d.start}–${d.end}`, ...breaks].join(", ");
}

/**
 * Saves the week of a professional of the business: seven upserted schedule rows and their breaks
 * replaced, in one transaction, with one audit row (an update of the professional) naming the
 * days that changed.
 */
export async function saveRestrictions(w: Write, input: RestrictionsOutput): Promise<ActionResult> {
  const { ctx, tx } = w;
  const pro = await lockProfessional(w, input.professionalId);
  if (!pro) return fail(MSG.restrictionsSaveError, MSG.notFound);
  const before = (await loadRestrictions(ctx.businessId, pro.id, tx))!;

  await tx
    .insert(professionalWeeklySchedules)
    .values(input.days.map((d) => ({
      professionalId: pro.id, businessId: ctx.businessId, dayOfWeek: d.dayOfWeek, isWorking: d.isWorking, startTime: d.start, endTime: d.end,
    })))
    .onConflictDoUpdate({
      target: [professionalWeeklySchedules.professionalId, professionalWeeklySchedules.dayOfWeek],
      set: { isWorking: sql`excluded.is_working`, startTime: sql`excluded.start_time`, endTime: sql`excluded.end_time` },
    });
  await tx.delete(professionalBreaks).where(eq(professionalBreaks.professionalId, pro.id));
  const breaks = input.days.flatMap((d) => d.breaks.map((b) => ({
    professionalId: pro.id, businessId: ctx.businessId, dayOfWeek: d.dayOfWeek, startTime: b.start, endTime: b.end, label: b.label,
  })));
  if (breaks.length) await tx.insert(professionalBreaks).values(breaks);
  // The schedule and breaks have no change log of their own: the professional's row changes with
  // them, so the live screens that show their working day (the grid, the Visor de Alocação) read it again.
  await tx.update(professionals).set({ updatedAt: new Date() }).where(eq(professionals.id, pro.id));

  const after = (await loadRestrictions(ctx.businessId, pro.id, tx))!;
  const changes = after.flatMap((d, i) => {
    const [was, now] = [dayText(before[i]), dayText(d)];
    return was === now ? [] : [`${WEEKDAY_LABELS[i]}: ${was} → ${now}`];
  });
  const week = (days: DayRestriction[]) => ({ restricoes: days.map((d) => ({ dia: WEEKDAY_LABELS[d.dayOfWeek], ...d })) });
  await w.audit({
    action: "UPDATE", entity: "professional", entityId: pro.id,
    description: withChanges(`Restrições de "${pro.name}" atualizadas`, changes),
    oldValues: week(before), newValues: week(after),
  });
  return ok();
}

/**
 * 'Folgas e férias': adds a time off. Over booked appointments of the professional it is added only
 * when `confirm` says the user saw them (the refusal lists them, as a holiday's does); they stay
 * booked. Audited on the professional.
 */
export async function addTimeOff(w: Write, input: z.output<typeof timeOffSchema>): Promise<ActionResult<{ id: string; affected?: number }>> {
  const pro = await lockProfessional(w, input.professionalId);
  if (!pro) return fail(MSG.timeOffSaveError, MSG.notFound);
  const from = sql`(${input.startDate}::date + coalesce(${input.startTime}::time, '00:00'::time))`;
  const to = sql`(${input.endDate}::date + coalesce(${input.endTime}::time, '24:00'::time))`;
  const affected = await w.tx.execute<{ id: string; client_name: string; date: string; time: string }>(sql`
    select distinct a.id, c.name as client_name, a.date::text as date, to_char(a.time, 'HH24:MI') as time
      from appointment_professional_blocks k
      join appointments a on a.id = k.appointment_id
      join clients c on c.id = a.client_id
     where k.professional_id = ${pro.id} and k.period && tsrange(${from}, ${to})
     order by 3, 4, 1`);
  const list = affected.map((a) => ({ id: a.id, clientName: a.client_name, date: a.date, time: a.time }));
  if (list.length && !input.confirm) return affectedRefusal(MSG.timeOffSaveError, list, TIME_OFF_AFFECTED.count);
  const [row] = await w.tx.execute<{ id: string }>(sql`
    insert into professional_time_off (business_id, professional_id, start_date, end_date, start_time, end_time, reason, created_by)
    values (${w.ctx.businessId}, ${pro.id}, ${input.startDate}, ${input.endDate}, ${input.startTime}, ${input.endTime}, ${input.reason}, ${w.ctx.userId})
    returning id`);
  const span = timeOffSpanText(input);
  await w.audit({
    action: "UPDATE", entity: "professional", entityId: pro.id,
    description: `Folga de "${pro.name}" adicionada: ${span}${input.reason ? ` (${input.reason})` : ""}`,
    newValues: { timeOff: { id: row.id, span, reason: input.reason, appointments: list.length } },
  });
  return ok({ id: row.id, ...(list.length && { affected: list.length }) });
}

/** Removes a time off of the business's professional, audited. */
export async function deleteTimeOff(w: Write, id: string): Promise<ActionResult> {
  const [t] = await w.tx.execute<{ professional_id: string; name: string; start_date: string; end_date: string; start_time: string | null; end_time: string | null; reason: string | null }>(sql`
    delete from professional_time_off t using professionals p
     where t.id = ${id} and t.business_id = ${w.ctx.businessId} and p.id = t.professional_id
    returning t.professional_id, p.name, t.start_date::text, t.end_date::text,
              to_char(t.start_time, 'HH24:MI') as start_time, to_char(t.end_time, 'HH24:MI') as end_time, t.reason`);
  if (!t) return fail(MSG.timeOffDeleteError, MSG.timeOffNotFound);
  const span = timeOffSpanText({ startDate: t.start_date, endDate: t.end_date, startTime: t.start_time, endTime: t.end_time });
  await w.audit({
    action: "UPDATE", entity: "professional", entityId: t.professional_id,
    description: `Folga de "${t.name}" excluída: ${span}`,
    oldValues: { timeOff: { id, span, reason: t.reason } },
  });
  return ok();
}
