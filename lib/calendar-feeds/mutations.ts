import "server-only";
import { sql } from "drizzle-orm";
import type { Write } from "@/lib/core/actions/define-action";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { CALENDAR_FEED_MESSAGES as MSG } from "./messages";
import { feedUrl, newFeedToken } from "./tokens";

/** The professional of the business, locked while their link changes; null when the id is not one of theirs. */
async function lockProfessional({ ctx, tx }: Write, id: string): Promise<{ id: string; name: string } | null> {
  const [row] = await tx.execute<{ id: string; name: string }>(sql`
    select id, name from professionals where id = ${id} and business_id = ${ctx.businessId} for update`);
  return row ?? null;
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/**
 * 'Gerar link' / 'Gerar novo link': a new secret for the professional's feed. A link they already had
 * is replaced in the same row, so its address answers 404 from this commit on. The address is
 * answered this once (only its hash is stored). Audited on the professional, without the secret.
 */
export async function generateFeed(w: Write, professionalId: string): Promise<ActionResult<{ url: string; createdAt: string; replaced: boolean }>> {
  const pro = await lockProfessional(w, professionalId);
  if (!pro) return fail(MSG.generateError, MSG.notFound);
  const [old] = await w.tx.execute<{ created_ms: number }>(sql`
    select (extract(epoch from created_at) * 1000)::float8 as created_ms from professional_calendar_feeds where professional_id = ${pro.id}`);
  const { token, hash } = newFeedToken();
  const [row] = await w.tx.execute<{ created_ms: number }>(sql`
    insert into professional_calendar_feeds (business_id, professional_id, token_hash, created_by)
    values (${w.ctx.businessId}, ${pro.id}, ${hash}, ${w.ctx.userId})
    on conflict (professional_id) do update
       set token_hash = excluded.token_hash, created_by = excluded.created_by, created_at = now(), content_hash = null, content_changed_at = null
    returning (extract(epoch from created_at) * 1000)::float8 as created_ms`);
  const createdAt = iso(row.created_ms);
  await w.audit({
    action: "UPDATE", entity: "professional", entityId: pro.id,
    description: old
      ? `Novo link da agenda (iCal) de "${pro.name}" gerado; o anterior deixou de funcionar`
      : `Link da agenda (iCal) de "${pro.name}" gerado`,
    oldValues: old ? { calendarFeed: { createdAt: iso(old.created_ms) } } : null,
    newValues: { calendarFeed: { createdAt } },
  });
  return ok({ url: feedUrl(token), createdAt, replaced: !!old });
}

/** 'Revogar link': the address answers 404 from this commit on. No link: nothing to do (and nothing audited). */
export async function revokeFeed(w: Write, professionalId: string): Promise<ActionResult<{ revoked: boolean }>> {
  const pro = await lockProfessional(w, professionalId);
  if (!pro) return fail(MSG.revokeError, MSG.notFound);
  const [gone] = await w.tx.execute<{ created_ms: number }>(sql`
    delete from professional_calendar_feeds where professional_id = ${pro.id} and business_id = ${w.ctx.businessId}
    returning (extract(epoch from created_at) * 1000)::float8 as created_ms`);
  if (!gone) return ok({ revoked: false });
  await w.audit({
    action: "UPDATE", entity: "professional", entityId: pro.id,
    description: `Link da agenda (iCal) de "${pro.name}" revogado`,
    oldValues: { calendarFeed: { createdAt: iso(gone.created_ms) } },
  });
  return ok({ revoked: true });
}
