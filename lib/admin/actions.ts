"use server";

/**
 * Server actions of the platform admin area. Each one is a public endpoint: it parses its input,
 * checks on the server that the caller is a platform admin (authorize("admin") reads the session
 * and the database), runs the work of lib/admin/mutations.ts in one transaction, and answers
 * `{ ok: true } | { ok: false, error, description? }` with the spec's texts. Database errors are
 * logged, never shown.
 */
import { revalidatePath } from "next/cache";
import { authorize } from "@/lib/auth/guards";
import * as m from "./mutations";
import { MESSAGES, type Failure, type Result } from "./mutations";
import { searchUserOptions, type UserOption } from "./queries";
import { businessInputSchema, idSchema, userInputSchema, type BusinessInput, type UserInput } from "./schemas";

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? "");
    out[key] ??= i.message;
  }
  return out;
}

async function run<T extends object>(error: string, work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (e) {
    console.error(`[admin] ${error}`, e);
    return { ok: false, error };
  }
}

async function denied(error: string): Promise<Failure | null> {
  const auth = await authorize("admin");
  return auth.ok ? null : { ok: false, error, description: auth.error };
}

export async function createBusinessAction(input: BusinessInput): Promise<Result<{ id: string }>> {
  const error = MESSAGES.createBusinessError;
  const refused = await denied(error);
  if (refused) return refused;
  const parsed = businessInputSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues);
    return { ok: false, error, description: Object.values(fields)[0], fieldErrors: fields };
  }
  const result = await run(error, () => m.createBusiness(parsed.data));
  if (result.ok) revalidatePath("/admin", "layout");
  return result;
}

export async function updateBusinessAction(id: string, input: BusinessInput): Promise<Result> {
  const error = MESSAGES.updateBusinessError;
  const refused = await denied(error);
  if (refused) return refused;
  const parsedId = idSchema.safeParse(id);
  const parsed = businessInputSchema.safeParse(input);
  if (!parsedId.success) return { ok: false, error, description: MESSAGES.businessNotFound };
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues);
    return { ok: false, error, description: Object.values(fields)[0], fieldErrors: fields };
  }
  const result = await run(error, () => m.updateBusiness(parsedId.data, parsed.data));
  if (result.ok) revalidatePath("/admin", "layout");
  return result;
}

export async function businessDeletionSummaryAction(id: string): Promise<Result<{ summary: m.DeletionSummary }>> {
  const error = MESSAGES.deleteBusinessError;
  const refused = await denied(error);
  if (refused) return refused;
  const parsedId = idSchema.safeParse(id);
  if (!parsedId.success) return { ok: false, error, description: MESSAGES.businessNotFound };
  return run(error, async () => ({ ok: true, summary: await m.businessDeletionSummary(parsedId.data) }));
}

export async function deleteBusinessAction(id: string): Promise<Result> {
  const error = MESSAGES.deleteBusinessError;
  const refused = await denied(error);
  if (refused) return refused;
  const parsedId = idSchema.safeParse(id);
  if (!parsedId.success) return { ok: false, error, description: MESSAGES.businessNotFound };
  const result = await run(error, () => m.deleteBusiness(parsedId.data));
  if (result.ok) revalidatePath("/admin", "layout");
  return result;
}

/** The owner picker's server-side search (20 users at most). */
export async function searchUserOptionsAction(q: string): Promise<Result<{ users: UserOption[] }>> {
  const error = MESSAGES.loadUsersError;
  const refused = await denied(error);
  if (refused) return refused;
  const text = typeof q === "string" ? q.slice(0, 200) : "";
  return run(error, async () => ({ ok: true, users: await searchUserOptions(text) }));
}

export async function updateUserAction(id: string, input: UserInput): Promise<Result> {
  const error = MESSAGES.updateUserError;
  const auth = await authorize("admin");
  if (!auth.ok) return { ok: false, error, description: auth.error };
  const parsedId = idSchema.safeParse(id);
  const parsed = userInputSchema.safeParse(input);
  if (!parsedId.success) return { ok: false, error, description: MESSAGES.userNotFound };
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues);
    return { ok: false, error, description: Object.values(fields)[0], fieldErrors: fields };
  }
  const result = await run(error, () => m.updateUser(auth.ctx.user.id, parsedId.data, parsed.data));
  if (result.ok) revalidatePath("/admin", "layout");
  return result;
}

export async function deleteUserAction(id: string): Promise<Result> {
  const error = MESSAGES.deleteUserError;
  const auth = await authorize("admin");
  if (!auth.ok) return { ok: false, error, description: auth.error };
  const parsedId = idSchema.safeParse(id);
  if (!parsedId.success) return { ok: false, error, description: MESSAGES.userNotFound };
  const result = await run(error, () => m.deleteUser(auth.ctx.user.id, parsedId.data));
  if (result.ok) revalidatePath("/admin", "layout");
  return result;
}

export async function addAdminEmailAction(email: string): Promise<Result<{ added: boolean; email: string }>> {
  const error = MESSAGES.addAdminEmailError;
  const refused = await denied(error);
  if (refused) return refused;
  const result = await run(error, () => m.addAdminEmail(typeof email === "string" ? email : ""));
  if (result.ok && result.added) revalidatePath("/admin/users");
  return result;
}

export async function removeAdminEmailAction(email: string): Promise<Result> {
  const error = MESSAGES.removeAdminEmailError;
  const refused = await denied(error);
  if (refused) return refused;
  const result = await run(error, () => m.removeAdminEmail(typeof email === "string" ? email : ""));
  if (result.ok) revalidatePath("/admin/users");
  return result;
}
