"use server";

import { z } from "zod";
import type { Revalidation } from "@/lib/core/actions/define-action";
import { defineAction } from "@/lib/pipeline";
import { ok } from "@/lib/core/actions/result";
import * as m from "./mutations";
import { searchUserOptions } from "./queries";
import { MESSAGES } from "./messages";
import { businessInputSchema, idSchema, userInputSchema } from "./schemas";

/** Every admin page shows businesses or users: a change refreshes the whole area. */
const ADMIN_AREA: readonly Revalidation[] = [["/admin", "layout"]];
const withId = z.object({ id: idSchema });

export const createBusinessAction = defineAction({
  name: "admin.createBusiness",
  level: "admin",
  schema: businessInputSchema,
  error: MESSAGES.createBusinessError,
  fallback: MESSAGES.createBusinessUnexpected,
  revalidate: ADMIN_AREA,
  run: ({ input, tx }) => m.createBusiness(input, tx),
});

export const updateBusinessAction = defineAction({
  name: "admin.updateBusiness",
  level: "admin",
  schema: z.intersection(withId, businessInputSchema),
  error: MESSAGES.updateBusinessError,
  fallback: MESSAGES.updateBusinessUnexpected,
  revalidate: ADMIN_AREA,
  run: ({ input: { id, ...data }, tx }) => m.updateBusiness(id, data, tx),
});

/** What a deletion takes with it, for the confirmation dialog. */
export const businessDeletionSummaryAction = defineAction({
  name: "admin.businessDeletionSummary",
  level: "admin",
  schema: withId,
  error: MESSAGES.deleteBusinessError,
  transaction: false,
  run: async ({ input, tx }) => ok({ summary: await m.businessDeletionSummary(input.id, tx) }),
});

export const deleteBusinessAction = defineAction({
  name: "admin.deleteBusiness",
  level: "admin",
  schema: withId,
  error: MESSAGES.deleteBusinessError,
  revalidate: ADMIN_AREA,
  run: ({ input, tx }) => m.deleteBusiness(input.id, tx),
});

/** The owner picker's server-side search (20 users at most). */
export const searchUserOptionsAction = defineAction({
  name: "admin.searchUserOptions",
  level: "admin",
  schema: z.object({ q: z.string().max(200).catch("") }),
  error: MESSAGES.loadUsersError,
  transaction: false,
  run: async ({ input, tx }) => ok({ users: await searchUserOptions(input.q, tx) }),
});

export const updateUserAction = defineAction({
  name: "admin.updateUser",
  level: "admin",
  schema: z.intersection(withId, userInputSchema),
  error: MESSAGES.updateUserError,
  revalidate: ADMIN_AREA,
  run: ({ input: { id, ...data }, ctx, tx }) => m.updateUser(ctx.userId, id, data, tx),
});

export const deleteUserAction = defineAction({
  name: "admin.deleteUser",
  level: "admin",
  schema: withId,
  error: MESSAGES.deleteUserError,
  revalidate: ADMIN_AREA,
  run: ({ input, ctx, tx }) => m.deleteUser(ctx.userId, input.id, tx),
});

/** 'Emails de Admin': an empty e-mail is ignored (`added: false`). */
export const addAdminEmailAction = defineAction({
  name: "admin.addAdminEmail",
  level: "admin",
  schema: z.object({ email: z.string().max(1000) }),
  error: MESSAGES.addAdminEmailError,
  run: ({ input, tx }) => m.addAdminEmail(input.email, tx),
  revalidate: (_input, result) => (result.added ? ["/admin/users"] : []),
});

export const removeAdminEmailAction = defineAction({
  name: "admin.removeAdminEmail",
  level: "admin",
  schema: z.object({ email: z.string().max(1000) }),
  error: MESSAGES.removeAdminEmailError,
  revalidate: ["/admin/users"],
  run: ({ input, tx }) => m.removeAdminEmail(input.email, tx),
});
