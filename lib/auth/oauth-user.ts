import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { saasConfig, users } from "@/db/schema";

/** The admin e-mail list kept in saas_config (lower-cased). */
export async function saasAdminEmails(): Promise<string[]> {
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

