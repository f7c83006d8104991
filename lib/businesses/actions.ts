"use server";

import { z } from "zod";
import { defineAction } from "@/lib/pipeline";
import { PG } from "@/lib/core/db/errors";
import { fail, ok } from "@/lib/core/actions/result";
import { isOwnerLevel } from "@/lib/auth/roles";
import { enterBusiness, setCurrentBusinessCookie } from "./cookies";
import { insertOwnedBusiness, updateBusinessProfile } from "./mutations";
import { BUSINESS_MESSAGES } from "./messages";
import { businessProfileSchema, createBusinessSchema } from "./schemas";

/** The header's switcher: the business named must be one of the user's (the pipeline checks it). */
export const switchBusinessAction = defineAction({
  name: "businesses.switch",
  level: "staff",
  schema: z.object({}),
  error: "Erro",
  transaction: false,
  run: async ({ ctx }) => ok({ id: ctx.business.id, name: ctx.business.name }),
  afterCommit: async ({ ctx }) => setCurrentBusinessCookie(ctx.businessId),
});

/** 'Criar Negócio': owners only (not platform admins); the new business becomes the current one. */
export const createBusinessAction = defineAction({
  name: "businesses.create",
  level: "user",
  schema: createBusinessSchema,
  error: "Erro",
  fallback: BUSINESS_MESSAGES.createUnexpected,
  conflicts: { [PG.foreignKeyViolation]: { description: BUSINESS_MESSAGES.linkError } },
  precheck: async ({ ctx: { auth } }) => {
    const owner = auth.flags.isBusinessOwner || auth.businesses.some((b) => isOwnerLevel(b.role));
    if (auth.flags.isAdmin || !owner) return fail("Erro", BUSINESS_MESSAGES.createError);
  },
  run: async ({ input, ctx, tx }) => {
    const business = await insertOwnedBusiness(tx, ctx.userId, input);
    return ok({ id: business.id, name: business.name });
  },
  afterCommit: ({ result }) => enterBusiness(result.id),
});

/** Meus Dados, for the business the page was rendered for (owner level). */
export const updateBusinessProfileAction = defineAction({
  name: "businesses.updateProfile",
  level: "owner",
  schema: businessProfileSchema,
  error: "Erro",
  fallback: BUSINESS_MESSAGES.updateFailed,
  revalidate: ["/business-profile"],
  run: ({ input, ...w }) => updateBusinessProfile(w, input),
});
