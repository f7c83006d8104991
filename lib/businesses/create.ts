import "server-only";
import { sql } from "drizzle-orm";
import { db, type Db, type Tx } from "@/db";
import { businesses, userBusinessRoles } from "@/db/schema";
import { createBusinessSchema, type CreateBusinessInput } from "./schemas";

export const CREATE_ERRORS = {
  required: "Nome do negócio é obrigatório",
  create: "Erro ao criar negócio",
  link: "Erro ao vincular usuário ao negócio",
  unexpected: "Erro inesperado ao criar negócio",
} as const;

export type CreateBusinessResult =
  | { ok: true; business: { id: string; name: string; description: string | null } }
  | { ok: false; error: string };

class StepError extends Error {}

/**
 * Creates a business with the spec's defaults and makes `userId` its owner, in ONE transaction:
 * when linking fails nothing is left behind. The creator also gets the global role business_owner.
 */
export async function createBusinessWithOwner(
  userId: string,
  input: CreateBusinessInput,
  conn: Db | Tx = db,
): Promise<CreateBusinessResult> {
  const parsed = createBusinessSchema.safeParse(input);
  if (!parsed.success) {
    const nameIssue = parsed.error.issues.find((i) => i.path[0] === "name");
    return { ok: false, error: nameIssue ? CREATE_ERRORS.required : CREATE_ERRORS.create };
  }
  const data = parsed.data;
  try {
    const business = await conn.transaction(async (tx) => {
      let row: { id: string; name: string; description: string | null };
      try {
        [row] = await tx
          .insert(businesses)
          .values({
            name: data.name,
            description: data.description,
            phone: data.phone,
            email: data.email,
            address: data.address,
            settings: {},
            subscriptionPlan: "plano único anual",
            subscriptionStatus: "active",
            bookingWindowDays: 30,
          })
          .returning({ id: businesses.id, name: businesses.name, description: businesses.description });
      } catch (e) {
        console.error("Erro ao criar negócio", e);
        throw new StepError(CREATE_ERRORS.create);
      }
      try {
        await tx.insert(userBusinessRoles).values({ userId, businessId: row.id, role: "owner" });
        await tx.execute(sql`
          insert into user_roles (user_id, role_id)
          select ${userId}::uuid, id from roles where name = 'business_owner'
          on conflict do nothing`);
      } catch (e) {
        console.error("Erro ao vincular usuário ao negócio", e);
        throw new StepError(CREATE_ERRORS.link);
      }
      return row;
    });
    return { ok: true, business };
  } catch (e) {
    if (e instanceof StepError) return { ok: false, error: e.message };
    console.error("Erro inesperado ao criar negócio", e);
    return { ok: false, error: CREATE_ERRORS.unexpected };
  }
}
