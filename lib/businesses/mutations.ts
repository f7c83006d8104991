import "server-only";
import { eq } from "drizzle-orm";
import type { Conn } from "@/db";
import { businesses, userBusinessRoles, users } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { ok } from "@/lib/core/actions/result";
import { grantGlobalRole } from "@/lib/auth/grants";
import type { BusinessProfileData } from "./schemas";

export type NewBusinessFields = {
  name: string;
  description?: string | null;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  monthlyFee?: string;
  subscriptionStatus?: string;
};

/**
 * The one way a business is created (sign-up, 'Cadastre seu Negócio', the create-business dialog,
 * the admin area): the spec's defaults (settings {}, 'plano único anual', active, a 30-day booking
 * window), its owner linked as owner and given the global role business_owner — all inside the
 * caller's transaction, so a failed link leaves no business behind.
 */
export async function insertOwnedBusiness(conn: Conn, ownerId: string, fields: NewBusinessFields) {
  const [business] = await conn
    .insert(businesses)
    .values({
      name: fields.name,
      description: fields.description || null,
      phone: fields.phone || null,
      email: fields.email || null,
      address: fields.address || null,
      settings: {},
      subscriptionPlan: "plano único anual",
      subscriptionStatus: fields.subscriptionStatus ?? "active",
      monthlyFee: fields.monthlyFee ?? "0",
      bookingWindowDays: 30,
    })
    .returning({ id: businesses.id, name: businesses.name, description: businesses.description });
  await conn.insert(userBusinessRoles).values({ userId: ownerId, businessId: business.id, role: "owner" });
  await grantGlobalRole(conn, ownerId, "business_owner");
  return business;
}

/** Meus Dados: the business's fields and the owner's own profile fields, in the action's transaction. */
export async function updateBusinessProfile({ ctx, tx }: Write, d: BusinessProfileData) {
  const [b] = await tx
    .update(businesses)
    .set({ name: d.businessName, description: d.description, address: d.address, email: d.businessEmail, phone: d.businessPhone, updatedAt: new Date() })
    .where(eq(businesses.id, ctx.businessId))
    .returning({ name: businesses.name });
  await tx
    .update(users)
    .set({ fullName: d.fullName, contactName: d.contactName, avatarUrl: d.avatarUrl, phone: d.phone, updatedAt: new Date() })
    .where(eq(users.id, ctx.userId));
  return ok({ name: b.name });
}
