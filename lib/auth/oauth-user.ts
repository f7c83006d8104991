import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { saasConfig, users } from "@/db/schema";

/** ADMIN_EMAILS (comma or space separated), trimmed, lower-cased, without duplicates. */
export function envAdminEmails(value = process.env.ADMIN_EMAILS): string[] {
  return [...new Set((value ?? "").split(/[,;\s]+/).map((e) => e.trim().toLowerCase()).filter((e) => e.includes("@")))];
}

/**
 * Merges ADMIN_EMAILS into saas_config.saas_admin_emails (keeping what is there, lower-cased).
 * Runs once per server process, on first use.
 */
export async function mergeAdminEmailsFromEnv(value = process.env.ADMIN_EMAILS): Promise<string[]> {
  const extra = envAdminEmails(value);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saas_admin_emails'))`);
    const [row] = await tx.select().from(saasConfig).where(eq(saasConfig.configKey, "saas_admin_emails"));
    const current = (Array.isArray(row?.configValue) ? (row.configValue as unknown[]) : [])
      .filter((e): e is string => typeof e === "string")
      .map((e) => e.trim().toLowerCase());
    const merged = [...new Set([...current, ...extra])];
    if (!row || merged.length !== current.length || merged.some((e, i) => e !== current[i])) {
      await tx
        .insert(saasConfig)
        .values({ configKey: "saas_admin_emails", configValue: merged })
        .onConflictDoUpdate({ target: saasConfig.configKey, set: { configValue: merged, updatedAt: new Date() } });
    }
    return merged;
  });
}

let envMerged: Promise<unknown> | undefined;

/** The admin e-mail list kept in saas_config (lower-cased), with ADMIN_EMAILS merged in on first use. */
export async function saasAdminEmails(): Promise<string[]> {
  envMerged ??= mergeAdminEmailsFromEnv().catch((e) => {
    envMerged = undefined;
    console.error("Falha ao mesclar ADMIN_EMAILS em saas_admin_emails", e);
  });
  await envMerged;
  const [row] = await db.select().from(saasConfig).where(eq(saasConfig.configKey, "saas_admin_emails"));
  const list = Array.isArray(row?.configValue) ? (row.configValue as unknown[]) : [];
  return list.filter((e): e is string => typeof e === "string").map((e) => e.toLowerCase());
}

/** Gives saas_admin to a user whose e-mail is on the admin list (done at every sign-in). */
export async function grantSaasAdminIfListed(userId: string, email: string): Promise<void> {
  if (!(await saasAdminEmails()).includes(email.toLowerCase())) return;
  await db.execute(sql`
    insert into user_roles (user_id, role_id)
    select ${userId}, id from roles where name = 'saas_admin'
    on conflict do nothing`);
}

/**
 * Upserts the profile row of a person signing in through the identity provider. A new person is
 * not registered yet: /auth then asks them to register their business.
 */
export async function upsertOAuthUser(emailInput: string, fullName: string | null, avatarUrl: string | null) {
  const email = emailInput.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  let id: string;
  if (existing) {
    id = existing.id;
    await db
      .update(users)
      .set({
        fullName: existing.fullName ?? fullName,
        avatarUrl: existing.avatarUrl ?? avatarUrl,
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
  } else {
    const [created] = await db
      .insert(users)
      .values({ email, fullName, avatarUrl, registered: false, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    id = created.id;
  }
  await grantSaasAdminIfListed(id, email);
  return { id };
}

