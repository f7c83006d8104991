import "server-only";
import type { Conn } from "@/db";
import { businesses, userBusinessRoles } from "@/db/schema";
import { grantGlobalRole } from "@/lib/auth/grants";

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
