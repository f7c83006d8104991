import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { AuditAction, AuditEntity } from "@/db/schema";
import { containsAscii, containsFolded, foldText, likePattern } from "@/lib/core/data/list";
import { asOwner } from "@/lib/reports/owner-access";
import { addDays } from "@/lib/core/time/business-date";
import { startOfBusinessDay } from "@/lib/core/time/business-time";
import { AUDIT_PAGE_SIZE, type AuditCursor, type AuditFilters, type AuditPageNav } from "./schemas";

export type AuditLogRow = {
  id: string;
  /** ISO instant (milliseconds), for display. */
  createdAt: string;
  /** The exact keyset position of the row. */
  cursor: AuditCursor;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  action: AuditAction;
  entity: AuditEntity;
  description: string;
  oldValues: unknown;
  newValues: unknown;
};

/**
 * The business's users whose name or e-mail contains the folded pattern (the members of
 * user_business_roles, like the 'Usuário' filter). Read first, apart: with their ids as literals
 * the planner estimates `user_id in (…)` from its statistics, instead of guessing that an unknown
 * id array matches half the business's log and walking all of it through agenda_fold().
 */
async function membersMatching(businessId: string, pattern: string, conn: Conn): Promise<string[]> {
  const rows = await conn.execute<{ id: string }>(sql`
    select u.id from user_business_roles r join users u on u.id = r.user_id
    where r.business_id = ${businessId} and (${containsFolded(sql`u.full_name`, pattern)} or ${containsAscii(sql`u.email`, pattern)})`);
  return rows.map((r) => r.id);
}

/** The WHERE of every audit read (page, count, export), resolved once per read. */
export type AuditScope = { where: SQL };

/**
 * The business, then each set filter. The period is the business zone's days, the end day whole (up
 * to the next day's start, so even 23:59:59.999999 counts). The text is matched (accents and case
 * ignored) in the description (trigram index, migration 0007) or is the name or e-mail of one of
 * the business's users.
 */
export async function auditScope(businessId: string, f: AuditFilters, conn: Conn = db): Promise<AuditScope> {
  const parts: SQL[] = [sql`l.business_id = ${businessId}`];
  if (f.action) parts.push(sql`l.action_type = ${f.action}`);
  if (f.entity) parts.push(sql`l.entity_type = ${f.entity}`);
  if (f.userId) parts.push(sql`l.user_id = ${f.userId}`);
  if (f.from) parts.push(sql`l.created_at >= ${startOfBusinessDay(f.from).toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`l.created_at < ${startOfBusinessDay(addDays(f.to, 1)).toISOString()}::timestamptz`);
  if (f.q) {
    const p = likePattern(foldText(f.q));
    const users = await membersMatching(businessId, p, conn);
    const description = containsFolded(sql`l.description`, p);
    parts.push(
      users.length
        ? sql`(${description} or l.user_id in (${sql.join(users.map((id) => sql`${id}::uuid`), sql`, `)}))`
        : description,
    );
  }
  return { where: sql.join(parts, sql` and `) };
}

type RawRow = {
  id: string; created_at: string; cursor_ts: string; user_id: string | null; full_name: string | null; email: string | null;
  action_type: AuditAction; entity_type: AuditEntity; description: string; old_values: unknown; new_values: unknown;
};

const toRow = (r: RawRow): AuditLogRow => ({
  id: r.id, createdAt: r.created_at, cursor: { ts: r.cursor_ts, id: r.id }, userId: r.user_id, userName: r.full_name,
  userEmail: r.email, action: r.action_type, entity: r.entity_type, description: r.description,
  oldValues: r.old_values, newValues: r.new_values,
});

/**
 * Up to `limit` rows past a keyset position: older than `after` (newest first), or newer than
 * `before` (returned oldest first: the caller reverses). The (business_id, created_at desc, id desc)
 * index serves both directions.
 */
export async function auditRows(
  scope: AuditScope,
  nav: AuditPageNav,
  limit: number,
  conn: Conn = db,
): Promise<AuditLogRow[]> {
  const back = !nav.after && !!nav.before;
  const at = nav.after ?? nav.before;
  const keyset = at
    ? back
      ? sql`and (l.created_at, l.id) > (${at.ts}::timestamptz, ${at.id}::uuid)`
      : sql`and (l.created_at, l.id) < (${at.ts}::timestamptz, ${at.id}::uuid)`
    : sql``;
  const order = back ? sql`l.created_at asc, l.id asc` : sql`l.created_at desc, l.id desc`;
  const rows = await conn.execute<RawRow>(sql`
    select l.id,
           to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_ts,
           l.user_id, u.full_name, u.email, l.action_type, l.entity_type, l.description, l.old_values, l.new_values
    from audit_logs l
    left join users u on u.id = l.user_id
    where ${scope.where} ${keyset}
    order by ${order}
    limit ${limit}`);
  const items = rows.map(toRow);
  // postgres.js's result array stays reachable for a while after the call (through what, not
  // found), so every row in it outlived the young generation and was promoted: 177 MB over three
  // 105,000-row CSV downloads on one server worker, garbage for the next full collection to find,
  // and the heap grew by it. Emptied once read, they die young: 1.9 MB (bench/HISTORY.md, round 9).
  rows.length = 0;
  return items;
}

export type AuditPage = {
  items: AuditLogRow[];
  /** Where 'Anterior' (newer entries) starts, null on the first page. */
  newer: AuditCursor | null;
  /** Where 'Próxima' (older entries) starts, null on the last page. */
  older: AuditCursor | null;
};

/** One page of matching entries, newest first, by keyset: every entry appears once however far you page. */
export async function auditLogPage(
  businessId: string,
  f: AuditFilters,
  nav: AuditPageNav,
  size = AUDIT_PAGE_SIZE,
  conn: Conn = db,
): Promise<AuditPage> {
  const scope = await auditScope(businessId, f, conn);
  if (!nav.after && nav.before) {
    const rows = await auditRows(scope, nav, size + 1, conn);
    // Nothing newer left (e.g. those entries were filtered out since): the first page.
    if (!rows.length) return auditLogPage(businessId, f, {}, size, conn);
    const items = rows.slice(0, size).reverse();
    return { items, newer: rows.length > size ? items[0].cursor : null, older: items.at(-1)!.cursor };
  }
  const rows = await auditRows(scope, nav, size + 1, conn);
  const items = rows.slice(0, size);
  return {
    items,
    newer: nav.after && items.length ? items[0].cursor : null,
    older: rows.length > size ? items.at(-1)!.cursor : null,
  };
}

/** How many entries match; unfiltered, the business's kept total (business_totals, migration 0018). */
export async function auditLogCount(businessId: string, f: AuditFilters, conn: Conn = db): Promise<number> {
  const unfiltered = !f.q && !f.action && !f.entity && !f.userId && !f.from && !f.to;
  if (unfiltered) {
    const [kept] = await conn.execute<{ n: number }>(sql`select audit_logs as n from business_totals where business_id = ${businessId}`);
    if (kept) return Number(kept.n);
  }
  const { where } = await auditScope(businessId, f, conn);
  const [row] = await conn.execute<{ n: string }>(sql`select count(*) as n from audit_logs l where ${where}`);
  return Number(row.n);
}

export type AuditUser = { id: string; name: string; email: string };

/** The filter's users: everyone with a role in the business (spec section 7: user_business_roles). */
export async function auditUsers(businessId: string, conn: Conn = db): Promise<AuditUser[]> {
  const rows = await conn.execute<{ id: string; full_name: string | null; email: string }>(sql`
    select u.id, u.full_name, u.email
    from user_business_roles r join users u on u.id = r.user_id
    where r.business_id = ${businessId}
    order by agenda_fold(coalesce(nullif(trim(u.full_name), ''), u.email)), u.email`);
  return rows.map((r) => ({ id: r.id, name: r.full_name?.trim() || r.email, email: r.email }));
}

export type AuditLogsReport = { page: AuditPage; total: number; users: AuditUser[] };

/** The Logs de Auditoria page's data, for an owner of the business only. */
export function auditLogsReport(businessId: string, f: AuditFilters, nav: AuditPageNav): Promise<AuditLogsReport> {
  return asOwner(businessId, async () => {
    const [page, total, users] = await Promise.all([
      auditLogPage(businessId, f, nav),
      auditLogCount(businessId, f),
      auditUsers(businessId),
    ]);
    return { page, total, users };
  });
}
