import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { businesses, userBusinessRoles, users } from "@/db/schema";
import { isOwnerLevel } from "@/lib/auth/roles";
import { businessProfileSchema, type BusinessProfileInput } from "./schemas";

export type BusinessProfile = {
  business: {
    id: string;
    name: string;
    description: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
    subscriptionPlan: string;
    subscriptionStatus: string;
    monthlyFee: string;
  };
  user: {
    fullName: string | null;
    contactName: string | null;
    avatarUrl: string | null;
    email: string;
    phone: string | null;
  };
};

/** What the Meus Dados screen shows: the business (when `userId` belongs to it) and the user's own profile. */
export async function loadBusinessProfile(userId: string, businessId: string): Promise<BusinessProfile | null> {
  const [row] = await db
    .select({
      business: {
        id: businesses.id,
        name: businesses.name,
        description: businesses.description,
        address: businesses.address,
        email: businesses.email,
        phone: businesses.phone,
        subscriptionPlan: businesses.subscriptionPlan,
        subscriptionStatus: businesses.subscriptionStatus,
        monthlyFee: businesses.monthlyFee,
      },
      user: {
        fullName: users.fullName,
        contactName: users.contactName,
        avatarUrl: users.avatarUrl,
        email: users.email,
        phone: users.phone,
      },
    })
    .from(userBusinessRoles)
    .innerJoin(businesses, eq(businesses.id, userBusinessRoles.businessId))
    .innerJoin(users, eq(users.id, userBusinessRoles.userId))
    .where(and(eq(userBusinessRoles.userId, userId), eq(userBusinessRoles.businessId, businessId)));
  return row ?? null;
}

export const UPDATE_ERRORS = {
  business: "Erro ao atualizar negócio",
  data: "Não foi possível atualizar os dados.",
} as const;

export type UpdateResult = { ok: true; name: string } | { ok: false; error: string };

/**
 * Saves the Meus Dados form in one transaction. Only an owner-level member of the business may
 * change it; the check is made here against the database, not trusted from the caller.
 */
export async function updateBusinessProfile(
  userId: string,
  businessId: string,
  input: BusinessProfileInput,
): Promise<UpdateResult> {
  const parsed = businessProfileSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? UPDATE_ERRORS.data };
  const d = parsed.data;
  try {
    return await db.transaction(async (tx) => {
      const [membership] = await tx
        .select({ role: userBusinessRoles.role })
        .from(userBusinessRoles)
        .where(and(eq(userBusinessRoles.userId, userId), eq(userBusinessRoles.businessId, businessId)));
      if (!membership || !isOwnerLevel(membership.role)) return { ok: false as const, error: UPDATE_ERRORS.business };
      const [b] = await tx
        .update(businesses)
        .set({
          name: d.businessName,
          description: d.description,
          address: d.address,
          email: d.businessEmail,
          phone: d.businessPhone,
          updatedAt: new Date(),
        })
        .where(eq(businesses.id, businessId))
        .returning({ name: businesses.name });
      if (!b) return { ok: false as const, error: UPDATE_ERRORS.business };
      await tx
        .update(users)
        .set({ fullName: d.fullName, contactName: d.contactName, avatarUrl: d.avatarUrl, phone: d.phone, updatedAt: new Date() })
        .where(eq(users.id, userId));
      return { ok: true as const, name: b.name };
    });
  } catch (e) {
    console.error("Erro ao atualizar negócio", e);
    return { ok: false, error: UPDATE_ERRORS.data };
  }
}
