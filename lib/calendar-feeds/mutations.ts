import "server-only";
import { sql } from "drizzle-orm";
import type { Conn } from "@/db";
import type { Audit, Write } from "@/lib/pipeline";
import { ACCESS } from "@/lib/auth/permissions";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { holdMembership } from "@/lib/team/membership";
import { CALENDAR_FEED_GRANT, CALENDAR_FEED_LEVEL } from "./access";
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
 * The link is its maker's (`created_by`): their membership is held while it is made, so removing
 * them from the team revokes it (revokeFeedsMadeBy), whichever of the two commits first.
 */
export async function generateFeed(w: Write, professionalId: string): Promise<ActionResult<{ url: string; createdAt: string; replaced: boolean }>> {
  if (!(await holdMembership(w.tx, w.ctx.businessId, w.ctx.userId, CALENDAR_FEED_LEVEL, CALENDAR_FEED_GRANT))) return fail(MSG.generateError, ACCESS.forbidden);
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

/**
 * Every link `userId` made in the business, revoked when they leave its team or lose the grant to
 * make links (lib/team, in that change's transaction; `why` says which): each address answers 404
 * from that commit on. Audited on each professional like 'Revogar link', by whoever removed them.
 * Answers how many.
 */
export async function revokeFeedsMadeBy(tx: Conn, businessId: string, userId: string, audit: Audit, why = "quem o gerou saiu da equipe"): Promise<number> {
  const gone = await tx.execute<{ professional_id: string; name: string; created_ms: number }>(sql`
    delete from professional_calendar_feeds f
     using professionals p
     where f.business_id = ${businessId} and f.created_by = ${userId} and p.id = f.professional_id and p.business_id = f.business_id
    returning f.professional_id, p.name, (extract(epoch from f.created_at) * 1000)::float8 as created_ms`);
  for (const g of gone) {
    await audit({
      action: "UPDATE", entity: "professional", entityId: g.professional_id,
      description: `Link da agenda (iCal) de "${g.name}" revogado: ${why}`,
      oldValues: { calendarFeed: { createdAt: iso(g.created_ms) } },
    });
  }
  return gone.length;
}
