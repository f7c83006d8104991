import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { businesses, userBusinessRoles, users } from "@/db/schema";

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
