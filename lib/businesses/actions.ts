"use server";

import { authorize } from "@/lib/auth/guards";
import { isOwnerLevel } from "@/lib/auth/roles";
import { createBusinessWithOwner, CREATE_ERRORS } from "./create";
import { setCurrentBusinessCookie } from "./current-cookie";
import { updateBusinessProfile, type UpdateResult } from "./profile";
import { uuidSchema, type BusinessProfileInput, type CreateBusinessInput } from "./schemas";
import { refreshSessionClaims } from "./session-claims";

type Result<T> = ({ ok: true } & T) | { ok: false; error: string };

/** Switches the business the user manages, after checking they belong to it. */
export async function switchBusinessAction(businessId: string): Promise<Result<{ id: string; name: string }>> {
  if (!uuidSchema.safeParse(businessId).success) return { ok: false, error: "Negócio não encontrado." };
  const auth = await authorize("staff", businessId);
  if (!auth.ok) return auth;
  const business = auth.ctx.businesses.find((b) => b.id === auth.businessId)!;
  await setCurrentBusinessCookie(business.id);
  return { ok: true, id: business.id, name: business.name };
}

/** Create-business dialog: only owners may create; the new business becomes the current one. */
export async function createBusinessAction(
  input: CreateBusinessInput,
): Promise<Result<{ id: string; name: string }>> {
  const auth = await authorize("user");
  if (!auth.ok) return auth;
  const { ctx } = auth;
  const mayCreate = !ctx.flags.isAdmin && (ctx.flags.isBusinessOwner || ctx.businesses.some((b) => isOwnerLevel(b.role)));
  if (!mayCreate) return { ok: false, error: CREATE_ERRORS.create };
  const result = await createBusinessWithOwner(ctx.user.id, input);
  if (!result.ok) return result;
  await setCurrentBusinessCookie(result.business.id);
  await refreshSessionClaims();
  return { ok: true, id: result.business.id, name: result.business.name };
}

/** Meus Dados: owner-level only, checked here and again inside the update. */
export async function updateBusinessProfileAction(input: BusinessProfileInput): Promise<UpdateResult> {
  const auth = await authorize("owner");
  if (!auth.ok) return { ok: false, error: "Erro ao atualizar negócio" };
  return updateBusinessProfile(auth.ctx.user.id, auth.businessId, input);
}
