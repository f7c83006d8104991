/**
 * Reads of the platform admin area. Plain functions over a database handle (default: the app's
 * `db`), so integration tests call them directly; pages call them after `requirePage`.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db as defaultDb, type Conn } from "@/db";
import { containsAscii, containsFolded as contains, foldText, likePattern, pageWindow, paged, type Paged } from "@/lib/core/data/list";
import type { BusinessRole, GlobalRole } from "@/lib/auth/roles";
import { ADMIN_PAGE_SIZE, GLOBAL_ROLE_RANK } from "./messages";

export type { Conn };

// ───────────────────────────── overview ─────────────────────────────

export type Overview = {
  totalBusinesses: number;
  activeBusinesses: number;
  /** Active share of all businesses, 0–100 (0 when there are none). */
  activePercent: number;
  totalUsers: number;
  /** Sum of monthly_fee of active businesses, as the numeric's text ("249.80"). */
  monthlyRevenue: string;
};

export async function getOverview(conn: Conn = defaultDb): Promise<Overview> {
  const [row] = await conn.execute<{ total: string; active: string; users: string; mrr: string }>(sql`
    select
      (select count(*) from businesses) as total,
      (select count(*) from businesses where subscription_status = 'active') as active,
      (select count(*) from users) as users,
      (select coalesce(sum(monthly_fee), 0)::numeric(14, 2) from businesses where subscription_status = 'active') as mrr`);
  const total = Number(row.total);
  const active = Number(row.active);
  return {
    totalBusinesses: total,
    activeBusinesses: active,
    activePercent: total ? (active / total) * 100 : 0,
    totalUsers: Number(row.users),
    monthlyRevenue: String(row.mrr),
  };
}

// ───────────────────────────── job queue ─────────────────────────────

export type JobQueueStatus = {
  waiting: number;
  failed: number;
  /** The latest jobs that used all their attempts: task, key, when, the first line of the error. */
  latestFailures: { task: string; key: string | null; at: string; error: string }[];
};

/**
 * The job queue as the platform admin sees it: jobs waiting, and the ones that failed for good
 * (graphile-worker keeps a job that used its attempts, with its last error, and runs it no more).
 */
export async function jobQueueStatus(conn: Conn = defaultDb): Promise<JobQueueStatus> {
  const [counts] = await conn.execute<{ waiting: number; failed: number }>(sql`
    select count(*) filter (where attempts < max_attempts)::int as waiting, count(*) filter (where attempts >= max_attempts)::int as failed
      from graphile_worker.jobs`);
  const latest = await conn.execute<{ task: string; key: string | null; at: string; error: string | null }>(sql`
    select task_identifier as task, key, updated_at::text as at, split_part(coalesce(last_error, ''), E'\n', 1) as error
      from graphile_worker.jobs where attempts >= max_attempts order by updated_at desc limit 5`);
  return { waiting: counts.waiting, failed: counts.failed, latestFailures: latest.map((r) => ({ task: r.task, key: r.key, at: r.at, error: r.error ?? "" })) };
}

// ───────────────────────────── businesses ─────────────────────────────

export type BusinessMember = { userId: string; email: string; fullName: string | null; role: BusinessRole };
export type AdminBusiness = {
  id: string;
  name: string;
  description: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  subscriptionPlan: string;
  subscriptionStatus: string;
  monthlyFee: string;
  createdAt: string;
  members: BusinessMember[];
  /** The current owner (first one if several), for the edit form. */
  ownerId: string | null;
};

function businessFilter(q: string): SQL {
  if (!q) return sql`true`;
  const p = likePattern(foldText(q));
  const digits = q.replace(/\D/g, "");
  // "(65) 3322-4455" is also found as "6533224455" or "3322 4455".
  const phoneDigits =
    digits.length >= 3 ? sql` or translate(b.phone, '()-. +', '') like ${`%${digits}%`}` : sql``;
  return sql`(${contains(sql`b.name`, p)} or ${containsAscii(sql`b.phone`, p)} or ${containsAscii(sql`b.email`, p)}${phoneDigits})`;
}

/**
 * One page of businesses whose name, contact (phone) or e-mail contains `q`, with their members.
 * One scan for the page and its total (count(*) over ()); the members only for the page's rows.
 */
export async function searchBusinesses(q: string, page: number, conn: Conn = defaultDb): Promise<Paged<AdminBusiness>> {
  const w = pageWindow(page, ADMIN_PAGE_SIZE);
  const where = businessFilter(q.trim());
  const rows = await conn.execute<{
    id: string; name: string; description: string | null; phone: string | null; email: string | null;
    address: string | null; subscription_plan: string; subscription_status: string; monthly_fee: string; created_at: string;
    total: string;
  }>(sql`
    select b.id, b.name, b.description, b.phone, b.email, b.address, b.subscription_plan, b.subscription_status,
           b.monthly_fee::text as monthly_fee, b.created_at::text as created_at, count(*) over () as total
    from businesses b
    where ${where}
    order by b.name, b.id
    limit ${w.limit} offset ${w.offset}`);
  const total = rows.length
    ? Number(rows[0].total)
    : w.page > 1
      ? Number((await conn.execute<{ count: string }>(sql`select count(*) as count from businesses b where ${where}`))[0].count)
      : 0;
  const ids = rows.map((r) => r.id);
  const members = ids.length
    ? await conn.execute<{ business_id: string; user_id: string; email: string; full_name: string | null; role: BusinessRole }>(sql`
        select ubr.business_id, u.id as user_id, u.email, u.full_name, ubr.role
        from user_business_roles ubr join users u on u.id = ubr.user_id
        where ubr.business_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
        order by case ubr.role when 'owner' then 0 when 'admin' then 1 else 2 end, ubr.created_at, u.email`)
    : [];
  const byBusiness = new Map<string, BusinessMember[]>();
  for (const m of members) {
    const list = byBusiness.get(m.business_id) ?? [];
    list.push({ userId: m.user_id, email: m.email, fullName: m.full_name, role: m.role });
    byBusiness.set(m.business_id, list);
  }
  const items = rows.map((r) => {
    const list = byBusiness.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      phone: r.phone,
      email: r.email,
      address: r.address,
      subscriptionPlan: r.subscription_plan,
      subscriptionStatus: r.subscription_status,
      monthlyFee: r.monthly_fee,
      createdAt: r.created_at,
      members: list,
      ownerId: list.find((m) => m.role === "owner")?.userId ?? null,
    };
  });
  return paged(items, total, w.page, ADMIN_PAGE_SIZE);
}

// ───────────────────────────── users ─────────────────────────────

export type AdminUser = {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  /** users.company_name, else the name of the first business the user belongs to. */
  company: string | null;
  companyName: string | null;
  createdAt: string;
  roles: GlobalRole[];
  /** The one role shown on the badge (the highest of `roles`; business_owner when none, as the spec says). */
  role: GlobalRole;
  isSaasAdmin: boolean;
};

export function primaryRole(names: readonly string[]): GlobalRole {
  return GLOBAL_ROLE_RANK.find((r) => names.includes(r)) ?? "business_owner";
}

function userFilter(q: string): SQL {
  if (!q) return sql`true`;
  const p = likePattern(foldText(q));
  return sql`(${contains(sql`u.full_name`, p)} or ${containsAscii(sql`u.email`, p)} or ${contains(sql`u.company_name`, p)} or exists (
    select 1 from user_business_roles ubr join businesses b on b.id = ubr.business_id
    where ubr.user_id = u.id and ${contains(sql`b.name`, p)}))`;
}

/** One page of users whose name, e-mail or company (own company name or a business they belong to) contains `q`. */
export async function searchUsers(q: string, page: number, conn: Conn = defaultDb): Promise<Paged<AdminUser>> {
  const w = pageWindow(page, ADMIN_PAGE_SIZE);
  const where = userFilter(q.trim());
  const rows = await conn.execute<{
    id: string; email: string; full_name: string | null; phone: string | null; company_name: string | null;
    created_at: string; roles: string[] | null; first_business: string | null; total: string;
  }>(sql`
    with page as (
      select u.id, u.email, u.full_name, u.phone, u.company_name, u.created_at, count(*) over () as total
      from users u
      where ${where}
      order by u.created_at desc, u.id
      limit ${w.limit} offset ${w.offset}
    )
    select p.id, p.email, p.full_name, p.phone, p.company_name, p.created_at::text as created_at, p.total,
      (select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = p.id) as roles,
      (select b.name from user_business_roles ubr join businesses b on b.id = ubr.business_id
        where ubr.user_id = p.id order by ubr.created_at, b.name limit 1) as first_business
    from page p
    order by p.created_at desc, p.id`);
  const total = rows.length
    ? Number(rows[0].total)
    : w.page > 1
      ? Number((await conn.execute<{ count: string }>(sql`select count(*) as count from users u where ${where}`))[0].count)
      : 0;
  const items = rows.map((r) => {
    const roles = (r.roles ?? []) as GlobalRole[];
    return {
      id: r.id,
      email: r.email,
      fullName: r.full_name,
      phone: r.phone,
      company: r.company_name ?? r.first_business,
      companyName: r.company_name,
      createdAt: r.created_at,
      roles,
      role: primaryRole(roles),
      isSaasAdmin: roles.includes("saas_admin"),
    };
  });
  return paged(items, total, w.page, ADMIN_PAGE_SIZE);
}

export type UserOption = { id: string; email: string; fullName: string | null };

/** Up to 20 users matching `q` by name or e-mail: the owner picker of the business dialogs. */
export async function searchUserOptions(q: string, conn: Conn = defaultDb): Promise<UserOption[]> {
  const text = q.trim();
  const p = likePattern(foldText(text));
  const rows = await conn.execute<{ id: string; email: string; full_name: string | null }>(sql`
    select u.id, u.email, u.full_name from users u
    where ${text ? sql`(${contains(sql`u.full_name`, p)} or ${containsAscii(sql`u.email`, p)})` : sql`true`}
    order by coalesce(u.full_name, u.email), u.email
    limit 20`);
  return rows.map((r) => ({ id: r.id, email: r.email, fullName: r.full_name }));
}

// ───────────────────────────── admin e-mails ─────────────────────────────

export const ADMIN_EMAILS_KEY = "saas_admin_emails";

/** The admin e-mail list of saas_config, as stored (strings only). */
export async function listAdminEmails(conn: Conn = defaultDb): Promise<string[]> {
  const [row] = await conn.execute<{ config_value: unknown }>(
    sql`select config_value from saas_config where config_key = ${ADMIN_EMAILS_KEY}`,
  );
  const value = row?.config_value;
  return Array.isArray(value) ? value.filter((e): e is string => typeof e === "string") : [];
}

// ───────────────────────────── settings ─────────────────────────────

/** Whether the database answers `select 1`, and how long it took. */
export async function databaseStatus(conn: Conn = defaultDb): Promise<{ ok: boolean; latencyMs: number | null }> {
  const started = performance.now();
  try {
    await conn.execute(sql`select 1`);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, latencyMs: null };
  }
}
