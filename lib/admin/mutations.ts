/**
 * Writes of the platform admin area, each in one transaction (a savepoint inside the action's).
 * Plain functions over a database handle: lib/admin/actions.ts runs them through the pipeline,
 * integration tests call them directly. Refusals come back in the one result shape with the spec's
 * texts; unexpected database errors throw and the pipeline answers them.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { db as defaultDb } from "@/db";
import { fail, ok, type ActionResult as Result } from "@/lib/core/actions/result";
import { grantGlobalRole } from "@/lib/auth/grants";
import { endAllSessions } from "@/lib/auth/sessions";
import { announceAccessChange } from "@/lib/core/realtime/access";
import { recordAudit } from "@/lib/audit/record";
import { insertOwnedBusiness } from "@/lib/businesses/mutations";
import { revokeSecretsOf } from "@/lib/team/mutations";
import { ADMIN_EMAILS_KEY, listAdminEmails, type Conn } from "./queries";
import { MESSAGES } from "./messages";
import { adminEmailSchema, type BusinessData, type UserData } from "./schemas";
import { IN_PORTUGUESE } from "@/lib/core/validation/zod-messages";

const ADMIN_ROLES = ["admin", "saas_admin"];

async function userExists(tx: Conn, userId: string): Promise<boolean> {
  const rows = await tx.execute(sql`select 1 from users where id = ${userId} for share`);
  return rows.length > 0;
}

// ───────────────────────────── businesses ─────────────────────────────

/** Creates the business, links its owner (role owner) and gives the owner the global business_owner role. */
export async function createBusiness(data: BusinessData, conn: Conn = defaultDb): Promise<Result<{ id: string }>> {
  return conn.transaction(async (tx) => {
    if (!(await userExists(tx, data.ownerId))) {
      return fail(MESSAGES.createBusinessError, MESSAGES.ownerNotFound);
    }
    const { ownerId, ...fields } = data;
    const row = await insertOwnedBusiness(tx, ownerId, fields);
    return ok({ id: row.id });
  });
}

/**
 * Updates the business. A different owner takes the owner role (joining the team if needed and
 * getting business_owner); the previous owner stays on the team as employee.
 */
export async function updateBusiness(id: string, data: BusinessData, conn: Conn = defaultDb): Promise<Result> {
  return conn.transaction(async (tx) => {
    if (!(await userExists(tx, data.ownerId))) {
      return fail(MESSAGES.updateBusinessError, MESSAGES.ownerNotFound);
    }
    const updated = await tx.execute(sql`
      update businesses set name = ${data.name}, description = ${data.description}, phone = ${data.phone},
        email = ${data.email}, address = ${data.address}, monthly_fee = ${data.monthlyFee},
        subscription_status = ${data.subscriptionStatus}, updated_at = now()
      where id = ${id}
      returning id`);
    if (!updated.length) return fail(MESSAGES.updateBusinessError, MESSAGES.businessNotFound);
    const owners = await tx.execute<{ user_id: string }>(
      sql`select user_id from user_business_roles where business_id = ${id} and role = 'owner'`,
    );
    if (!owners.some((o) => o.user_id === data.ownerId)) {
      await tx.execute(sql`
        update user_business_roles set role = 'employee' where business_id = ${id} and role = 'owner'`);
      await tx.execute(sql`
        insert into user_business_roles (user_id, business_id, role) values (${data.ownerId}, ${id}, 'owner')
        on conflict (user_id, business_id) do update set role = 'owner'`);
      await grantGlobalRole(tx, data.ownerId, "business_owner");
      // Their streams serve the business under the old roles: they re-read (and reconnect) at the commit.
      for (const userId of [...owners.map((o) => o.user_id), data.ownerId]) await announceAccessChange(tx, userId);
    }
    return ok();
  });
}

/** What a business deletion takes with it, for the confirmation dialog. */
export type DeletionSummary = {
  appointments: number; clients: number; services: number; professionals: number; members: number; invitations: number;
};

export async function businessDeletionSummary(id: string, conn: Conn = defaultDb): Promise<DeletionSummary> {
  const [r] = await conn.execute<Record<keyof DeletionSummary, string>>(sql`
    select
      (select count(*) from appointments where business_id = ${id}) as appointments,
      (select count(*) from clients where business_id = ${id}) as clients,
      (select count(*) from services where business_id = ${id}) as services,
      (select count(*) from professionals where business_id = ${id}) as professionals,
      (select count(*) from user_business_roles where business_id = ${id}) as members,
      (select count(*) from business_invitations where business_id = ${id}) as invitations`);
  return {
    appointments: Number(r.appointments), clients: Number(r.clients), services: Number(r.services),
    professionals: Number(r.professionals), members: Number(r.members), invitations: Number(r.invitations),
  };
}

/**
 * Deletes the business and everything that belongs to it (appointments, clients, services,
 * professionals, hours, holidays, team links, invitations, conversations, audit logs) in one transaction.
 */
export async function deleteBusiness(id: string, conn: Conn = defaultDb): Promise<Result> {
  return conn.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from businesses where id = ${id} for update`);
    if (!locked.length) return fail(MESSAGES.deleteBusinessError, MESSAGES.businessNotFound);
    // Appointments first: their client and service references do not cascade on their own.
    await tx.execute(sql`delete from appointments where business_id = ${id}`);
    await tx.execute(sql`delete from businesses where id = ${id}`);
    return ok();
  });
}

// ───────────────────────────── users ─────────────────────────────

async function globalRolesOf(tx: Conn, userId: string): Promise<string[]> {
  const rows = await tx.execute<{ name: string }>(sql`
    select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}`);
  return rows.map((r) => r.name);
}

/**
 * Edits a user's profile and sets their one global role. An admin cannot take their own admin
 * access away. The admin e-mail list is the truth for saas_admin: a listed admin is not demoted
 * here (the e-mail leaves the list first). Whoever loses admin access has their sessions ended.
 */
export async function updateUser(actingUserId: string, id: string, data: UserData, conn: Conn = defaultDb): Promise<Result> {
  if (id === actingUserId && !ADMIN_ROLES.includes(data.role)) {
    return fail(MESSAGES.updateUserError, MESSAGES.selfDemotion);
  }
  return conn.transaction(async (tx) => {
    const [user] = await tx.execute<{ email: string }>(sql`select email from users where id = ${id} for update`);
    if (!user) return fail(MESSAGES.updateUserError, MESSAGES.userNotFound);
    const current = await globalRolesOf(tx, id);
    if (current.includes("saas_admin") && data.role !== "saas_admin") {
      const listed = (await listAdminEmails(tx)).some((e) => e.toLowerCase() === user.email.toLowerCase());
      if (listed) return fail(MESSAGES.updateUserError, MESSAGES.listedAdminDemotion);
    }
    await tx.execute(sql`
      update users set full_name = ${data.fullName}, company_name = ${data.companyName}, phone = ${data.phone},
        updated_at = now()
      where id = ${id}`);
    if (current.length !== 1 || current[0] !== data.role) {
      await tx.execute(sql`delete from user_roles where user_id = ${id}`);
      await grantGlobalRole(tx, id, data.role);
      if (current.some((r) => ADMIN_ROLES.includes(r)) && !ADMIN_ROLES.includes(data.role)) await endAllSessions(id, tx);
    }
    return ok();
  });
}

/**
 * Deletes a user: their global role links, their business memberships, then the user row, in one
 * transaction. A saas_admin (and the acting admin themself) is never deleted, nor the only owner
 * of a business (that business would be left without anyone to run it, yet still billed). As when
 * a business removes a member, what they made to reach each business from outside (calendar links,
 * bot API keys, pending invitations) is revoked first, audited in each business as the admin.
 */
export async function deleteUser(actingUserId: string, id: string, conn: Conn = defaultDb): Promise<Result> {
  return conn.transaction(async (tx) => {
    const found = await tx.execute(sql`select id from users where id = ${id} for update`);
    if (!found.length) return fail(MESSAGES.deleteUserError, MESSAGES.userNotFound);
    if ((await globalRolesOf(tx, id)).includes("saas_admin")) {
      return fail(MESSAGES.deleteUserError, MESSAGES.saasAdminUndeletable);
    }
    if (id === actingUserId) return fail(MESSAGES.deleteUserError, MESSAGES.selfUndeletable);
    const solelyOwned = await tx.execute<{ name: string }>(sql`
      select b.name from businesses b
      join user_business_roles mine on mine.business_id = b.id and mine.user_id = ${id} and mine.role = 'owner'
      where not exists (
        select 1 from user_business_roles o where o.business_id = b.id and o.role = 'owner' and o.user_id <> ${id})
      order by b.name
      for update of b`);
    if (solelyOwned.length) {
      return fail(MESSAGES.deleteUserError, MESSAGES.onlyOwner(solelyOwned.map((b) => b.name)));
    }
    const memberships = await tx.execute<{ business_id: string }>(sql`
      select business_id from user_business_roles where user_id = ${id} order by business_id for update`);
    for (const { business_id: businessId } of memberships) {
      await revokeSecretsOf(tx, businessId, id, (entry) => recordAudit(tx, { ...entry, actorId: actingUserId, businessId }));
    }
    await tx.execute(sql`delete from user_roles where user_id = ${id}`);
    await tx.execute(sql`delete from user_business_roles where user_id = ${id}`);
    await tx.execute(sql`delete from users where id = ${id}`);
    // Their sessions went with the row (cascade); their open streams close at the commit.
    await announceAccessChange(tx, id);
    return ok();
  });
}

// ───────────────────────────── admin e-mails ─────────────────────────────

/** Locks (creating if needed) the saas_config row of the admin list and returns the list. */
async function lockAdminEmails(tx: Conn): Promise<string[]> {
  await tx.execute(sql`
    insert into saas_config (config_key, config_value) values (${ADMIN_EMAILS_KEY}, '[]'::jsonb)
    on conflict (config_key) do nothing`);
  await tx.execute(sql`select 1 from saas_config where config_key = ${ADMIN_EMAILS_KEY} for update`);
  return listAdminEmails(tx);
}

async function saveAdminEmails(tx: Conn, list: string[]) {
  await tx.execute(sql`
    update saas_config set config_value = ${JSON.stringify(list)}::jsonb, updated_at = now()
    where config_key = ${ADMIN_EMAILS_KEY}`);
}

/**
 * Adds an e-mail to the admin list: trimmed and lower-cased; an empty one is ignored
 * (`added: false`); a duplicate is refused with the spec's message.
 */
export async function addAdminEmail(raw: string, conn: Conn = defaultDb): Promise<Result<{ added: boolean; email: string }>> {
  const parsed = adminEmailSchema.safeParse(raw, IN_PORTUGUESE);
  if (!parsed.success) {
    return fail(MESSAGES.addAdminEmailError, parsed.error.issues[0]?.message);
  }
  const email = parsed.data;
  if (!email) return ok({ added: false, email });
  return conn.transaction(async (tx) => {
    const list = await lockAdminEmails(tx);
    if (list.some((e) => e.toLowerCase() === email)) {
      return fail(MESSAGES.duplicateAdminEmail);
    }
    await saveAdminEmails(tx, [...list, email]);
    return ok({ added: true, email });
  });
}

/**
 * Removes an e-mail from the admin list (compared lower-cased). Removing one not on the list
 * changes nothing. The list is the truth for saas_admin: the user with that e-mail loses the role
 * and every session they have open ends, in the same transaction.
 */
export async function removeAdminEmail(raw: string, conn: Conn = defaultDb): Promise<Result> {
  const email = raw.trim().toLowerCase();
  return conn.transaction(async (tx) => {
    const list = await lockAdminEmails(tx);
    const next = list.filter((e) => e.toLowerCase() !== email);
    if (next.length === list.length) return ok();
    await saveAdminEmails(tx, next);
    const demoted = await tx.execute<{ user_id: string }>(sql`
      delete from user_roles ur using users u, roles r
      where ur.user_id = u.id and ur.role_id = r.id and r.name = 'saas_admin' and lower(u.email) = ${email}
      returning ur.user_id`);
    for (const row of demoted) {
      // Left without any global role, they would read as business_owner anyway (the spec's default).
      await endAllSessions(row.user_id, tx);
    }
    return ok();
  });
}
