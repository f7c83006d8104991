import "server-only";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { businessApiKeys } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { ACCESS } from "@/lib/auth/permissions";
import { asOwner } from "@/lib/reports/owner-access";
import { holdMembership } from "@/lib/team/membership";
import { API_KEY_MESSAGES, MAX_ACTIVE_API_KEYS } from "./messages";

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "agd_";

/** A new key: the prefix and 256 random bits (base64url). Only its SHA-256 is ever stored. */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${newToken()}`;
}

export type ApiKeyRow = {
  id: string;
  name: string;
  /** The key's last characters, to tell keys apart ("…x7Qa"). */
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The business's keys, newest first (revoked ones too, marked), for an owner of the business only. */
export function listApiKeys(businessId: string): Promise<ApiKeyRow[]> {
  return asOwner(businessId, async () => {
    const rows = await db
      .select({
        id: businessApiKeys.id, name: businessApiKeys.name, hint: businessApiKeys.hint, createdAt: businessApiKeys.createdAt,
        lastUsedAt: businessApiKeys.lastUsedAt, revokedAt: businessApiKeys.revokedAt,
      })
      .from(businessApiKeys)
      .where(eq(businessApiKeys.businessId, businessId))
      .orderBy(desc(businessApiKeys.createdAt), desc(businessApiKeys.id));
    return rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      revokedAt: r.revokedAt?.toISOString() ?? null,
    }));
  });
}

/**
 * Creates a key; the plain key is returned this once and never stored. At most 10 active keys. The
 * key is its maker's (`created_by`): their membership is held while it is made, so removing them
 * from the team revokes it (revokeApiKeysMadeBy), whichever of the two commits first.
 */
export async function createApiKey({ ctx, tx }: Write, name: string): Promise<ActionResult<{ id: string; key: string }>> {
  if (!(await holdMembership(tx, ctx.businessId, ctx.userId, "owner"))) return fail(API_KEY_MESSAGES.createError, ACCESS.forbidden);
  // Serialises concurrent creations in one business, so the limit holds.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('business_api_keys'), hashtext(${ctx.businessId}))`);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(businessApiKeys)
    .where(and(eq(businessApiKeys.businessId, ctx.businessId), isNull(businessApiKeys.revokedAt)));
  if (n >= MAX_ACTIVE_API_KEYS) return fail(API_KEY_MESSAGES.createError, API_KEY_MESSAGES.tooMany);
  const key = generateApiKey();
  const [row] = await tx
    .insert(businessApiKeys)
    .values({ businessId: ctx.businessId, name, keyHash: hashToken(key), hint: key.slice(-4), createdBy: ctx.userId })
    .returning({ id: businessApiKeys.id });
  return ok({ id: row.id, key });
}

/** Revokes a key of this business (another business's id is "not found"); revoking twice is harmless. */
export async function revokeApiKey({ ctx, tx }: Write, id: string): Promise<ActionResult> {
  const [row] = await tx
    .update(businessApiKeys)
    .set({ revokedAt: sql`coalesce(${businessApiKeys.revokedAt}, now())` })
    .where(and(eq(businessApiKeys.id, id), eq(businessApiKeys.businessId, ctx.businessId)))
    .returning({ id: businessApiKeys.id });
  if (!row) return fail(API_KEY_MESSAGES.revokeError, API_KEY_MESSAGES.notFound);
  return ok();
}

/**
 * Every active key `userId` made in the business, revoked when they leave its team (lib/team, in the
 * removal's transaction): listed as revoked from then on, like one revoked by hand. Answers how many.
 */
export async function revokeApiKeysMadeBy(tx: Conn, businessId: string, userId: string): Promise<number> {
  const revoked = await tx
    .update(businessApiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(businessApiKeys.businessId, businessId), eq(businessApiKeys.createdBy, userId), isNull(businessApiKeys.revokedAt)))
    .returning({ id: businessApiKeys.id });
  return revoked.length;
}

export type ActiveKey = { id: string; businessId: string; name: string };

/** The active key a bot presented, or null (unknown or revoked). Looked up by hash only. */
export async function findActiveKey(presented: string, conn: Conn = db): Promise<ActiveKey | null> {
  if (!presented.startsWith(API_KEY_PREFIX) || presented.length > 200) return null;
  const [row] = await conn
    .select({ id: businessApiKeys.id, businessId: businessApiKeys.businessId, name: businessApiKeys.name })
    .from(businessApiKeys)
    .where(and(eq(businessApiKeys.keyHash, hashToken(presented)), isNull(businessApiKeys.revokedAt)));
  return row ?? null;
}

/** Notes the key's use; at most once a minute, so a busy bot doesn't rewrite the row on every message. */
export async function touchApiKey(id: string, conn: Conn = db): Promise<void> {
  await conn.execute(sql`
    update business_api_keys set last_used_at = now()
    where id = ${id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
}
