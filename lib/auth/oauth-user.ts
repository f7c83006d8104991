import { eq, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "@/db";
import { saasConfig, users } from "@/db/schema";
import { grantGlobalRole } from "./grants";
import { endAllSessions } from "./sessions";

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

/**
 * Gives saas_admin to a user whose e-mail is on the admin list, only once that address is proven
 * theirs (confirmed through our link or the invitation link, or asserted verified by Google): a
 * privilege that follows from an e-mail address never goes to whoever merely typed it. Runs at
 * every sign-in and when an address gets confirmed. True when the user holds the role afterwards.
 */
export async function grantSaasAdminIfListed(userId: string, conn: Db | Tx = db): Promise<boolean> {
  const [user] = await conn
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.verifiedAt) return false;
  if (!(await saasAdminEmails()).includes(user.email.toLowerCase())) return false;
  await grantGlobalRole(conn, userId, "saas_admin");
  return true;
}

/**
 * Upserts the profile row of a person signing in through the identity provider, whose e-mail the
 * provider asserts verified (the caller refuses any other). A new person is not registered yet:
 * /auth then asks them to register their business.
 *
 * An existing account whose address was never confirmed may have been pre-registered by someone
 * else with a password (a squatter): the verified identity takes it over, the old password is
 * removed and every older session ends (lib/auth/sessions.ts), in one transaction.
 */
export async function upsertOAuthUser(emailInput: string, fullName: string | null, avatarUrl: string | null) {
  const email = emailInput.trim().toLowerCase();
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).for("update");
    if (!existing) {
      const [created] = await tx
        .insert(users)
        .values({ email, fullName, avatarUrl, registered: false, emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      return created.id;
    }
    const unconfirmed = !existing.emailVerifiedAt;
    await tx
      .update(users)
      .set({
        fullName: existing.fullName ?? fullName,
        avatarUrl: existing.avatarUrl ?? avatarUrl,
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
        ...(unconfirmed ? { passwordHash: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    if (unconfirmed) {
      await endAllSessions(existing.id, tx);
      // Confirmation links the squatter may still hold die with their password.
      await tx.execute(sql`update email_verification_tokens set used_at = now() where user_id = ${existing.id} and used_at is null`);
    }
    return existing.id;
  });
  await grantSaasAdminIfListed(id);
  return { id };
}
