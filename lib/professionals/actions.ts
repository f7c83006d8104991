"use server";

import { defineAction } from "@/lib/pipeline";
import { addTimeOff, deleteProfessional, deleteTimeOff, saveProfessional, saveRestrictions } from "./mutations";
import { PROFESSIONAL_MESSAGES as MSG } from "./messages";
import { professionalFieldsSchema, professionalIdSchema, restrictionsSchema, timeOffIdSchema, timeOffSchema, updateProfessionalSchema } from "./schemas";

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
  grant: "catalog",
  schema: professionalFieldsSchema,
  ...save,
  run: ({ input, ...w }) => saveProfessional(w, null, input),
});

export const updateProfessionalAction = defineAction({
  name: "professionals.update",
  level: "staff",
  grant: "catalog",
  schema: updateProfessionalSchema,
  ...save,
  run: ({ input: { id, ...data }, ...w }) => saveProfessional(w, id, data),
});

export const deleteProfessionalAction = defineAction({
  name: "professionals.delete",
  level: "staff",
  grant: "catalog",
  schema: professionalIdSchema,
  error: MSG.deleteError,
  revalidate: PATHS,
  run: ({ input, ...w }) => deleteProfessional(w, input.id),
});


export const saveRestrictionsAction = defineAction({
  name: "professionals.restrictions.save",
  level: "staff",
  schema: restrictionsSchema,
  error: MSG.restrictionsSaveError,
  revalidate: ["/professionals", "/appointments"],
  run: ({ input, ...w }) => saveRestrictions(w, input),
});

export const addTimeOffAction = defineAction({
  name: "professionals.timeOff.add",
  level: "staff",
  schema: timeOffSchema,
  error: MSG.timeOffSaveError,
  noBusiness: { error: MSG.timeOffSaveError, description: MSG.noBusiness },
  run: ({ input, ...w }) => addTimeOff(w, input),
});

export const deleteTimeOffAction = defineAction({
  name: "professionals.timeOff.delete",
  level: "staff",
  schema: timeOffIdSchema,
  error: MSG.timeOffDeleteError,
  run: ({ input, ...w }) => deleteTimeOff(w, input.id),
});
