"use server";

import { defineAction } from "@/lib/core/actions/define-action";
import { fail, ok } from "@/lib/core/actions/result";
import { deleteProfessional, saveProfessional, saveRestrictions } from "./mutations";
import { loadRestrictions } from "./queries";
import { PROFESSIONAL_MESSAGES as MSG } from "./messages";
import { professionalFieldsSchema, professionalIdSchema, restrictionsSchema, updateProfessionalSchema } from "./schemas";
import { z } from "zod";

// The agenda and the services' price ranges read professionals too.
const PATHS = ["/professionals", "/services", "/appointments"] as const;

const save = {
  error: MSG.saveError,
  fallback: MSG.saveFallback,
  notSignedIn: { error: MSG.saveError, description: MSG.notSignedIn },
  noBusiness: { error: MSG.saveError, description: MSG.noBusiness },
  revalidate: PATHS,
} as const;

export const createProfessionalAction = defineAction({
  name: "professionals.create",
  level: "staff",
  schema: professionalFieldsSchema,
  ...save,
  run: ({ input, ...w }) => saveProfessional(w, null, input),
});

export const updateProfessionalAction = defineAction({
  name: "professionals.update",
  level: "staff",
  schema: updateProfessionalSchema,
  ...save,
  run: ({ input: { id, ...data }, ...w }) => saveProfessional(w, id, data),
});

export const deleteProfessionalAction = defineAction({
  name: "professionals.delete",
  level: "staff",
  schema: professionalIdSchema,
  error: MSG.deleteError,
  revalidate: PATHS,
  run: ({ input, ...w }) => deleteProfessional(w, input.id),
});

/** The Restrições dialog's week, read when it opens. */
export const loadRestrictionsAction = defineAction({
  name: "professionals.restrictions.load",
  level: "staff",
  schema: z.object({ professionalId: z.uuid(MSG.notFound) }),
  error: MSG.restrictionsLoadError,
  transaction: false,
  run: async ({ input, ctx }) => {
    const days = await loadRestrictions(ctx.businessId, input.professionalId);
    return days ? ok({ days }) : fail(MSG.restrictionsLoadError, MSG.notFound);
  },
});

export const saveRestrictionsAction = defineAction({
  name: "professionals.restrictions.save",
  level: "staff",
  schema: restrictionsSchema,
  error: MSG.restrictionsSaveError,
  revalidate: ["/professionals", "/appointments"],
  run: ({ input, ...w }) => saveRestrictions(w, input),
});
