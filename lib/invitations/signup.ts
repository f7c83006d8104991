import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { acceptInvitation } from "./accept";
import { usableInvitation } from "./queries";
import { employeeSignupSchema, INVITE_ERRORS, type EmployeeSignupInput } from "./schemas";

export type SignupResult =
  | { ok: true; email: string; businessName: string }
  | { ok: false; title: string; error: string; accountExists?: boolean };

class Abort extends Error {
  constructor(readonly result: Extract<SignupResult, { ok: false }>) {
    super(result.error);
  }
}

/**
 * Employee sign-up through an invitation link: creates the account (argon2id; e-mail counted as
 * verified, since the person holds the link sent to it; registered) and accepts the invitation in
 * one transaction, so either both happen or neither.
 */
export async function signUpEmployee(invitationId: string, input: EmployeeSignupInput): Promise<SignupResult> {
  const parsed = employeeSignupSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, title: INVITE_ERRORS.signupTitle, error: parsed.error.issues[0]?.message ?? INVITE_ERRORS.signupTitle };
  }
  const invite = await usableInvitation(invitationId);
  if (!invite) return { ok: false, title: INVITE_ERRORS.acceptTitle, error: INVITE_ERRORS.acceptDescription };
  const email = invite.email.trim().toLowerCase();
  const passwordHash = await hashPassword(parsed.data.password);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
      if (existing) throw new Abort({ ok: false, title: INVITE_ERRORS.accountExistsTitle, error: INVITE_ERRORS.accountExists, accountExists: true });
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, fullName: parsed.data.fullName, emailVerifiedAt: new Date(), registered: true })
        .returning({ id: users.id });
      await tx.execute(sql`
        insert into user_roles (user_id, role_id)
        select ${user.id}::uuid, id from roles where name = 'employee'
        on conflict do nothing`);
      const accepted = await acceptInvitation(user.id, invitationId, "link", tx);
      if (!accepted.ok) throw new Abort({ ok: false, title: INVITE_ERRORS.acceptTitle, error: INVITE_ERRORS.acceptDescription });
      return { ok: true as const, email, businessName: accepted.businessName };
    });
  } catch (e) {
    if (e instanceof Abort) return e.result;
    const code = (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    if (code === "23505") return { ok: false, title: INVITE_ERRORS.accountExistsTitle, error: INVITE_ERRORS.accountExists, accountExists: true };
    console.error("Erro no cadastro de colaborador", e);
    return { ok: false, title: INVITE_ERRORS.signupTitle, error: "Ocorreu um erro inesperado." };
  }
}
