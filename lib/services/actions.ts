"use server";

import { defineAction } from "@/lib/pipeline";
import { createService, deleteService, setServiceActive, updateService } from "./mutations";
import { SERVICE_IN_USE, SERVICE_MESSAGES } from "./messages";
import { serviceFieldsSchema, serviceIdSchema, setServiceActiveSchema, updateServiceSchema } from "./schemas";

// The agenda lists services (names, durations): it shows them fresh too.
const PATHS = ["/services", "/professionals", "/appointments"] as const;

const save = {
  error: SERVICE_MESSAGES.saveError,
  fallback: SERVICE_MESSAGES.saveFallback,
  noBusiness: { error: SERVICE_MESSAGES.saveError, description: SERVICE_MESSAGES.noBusinessDescription },
  revalidate: PATHS,
} as const;

export const createServiceAction = defineAction({
  name: "services.create",
  level: "staff",
  grant: "catalog",
  schema: serviceFieldsSchema,
  ...save,
  run: ({ input, ...w }) => createService(w, input),
});

export const updateServiceAction = defineAction({
  name: "services.update",
  level: "staff",
  grant: "catalog",
  schema: updateServiceSchema,
  ...save,
  run: ({ input: { id, ...data }, ...w }) => updateService(w, id, data),
});

export const deleteServiceAction = defineAction({
  name: "services.delete",
  level: "staff",
  grant: "catalog",
  schema: serviceIdSchema,
  error: SERVICE_MESSAGES.deleteError,
  noBusiness: { error: SERVICE_MESSAGES.deleteError, description: SERVICE_MESSAGES.noBusinessDescription },
  // A booking made between the count and the delete: the foreign key refuses, in words.
  conflicts: { appointment_services_service_same_business_fk: { description: SERVICE_MESSAGES.inUse, code: SERVICE_IN_USE } },
  revalidate: PATHS,
  run: ({ input, ...w }) => deleteService(w, input.id),
});

/** 'Desativar' (what a used service gets instead of a delete) and 'Ativar'; audited as an UPDATE. */
export const setServiceActiveAction = defineAction({
  name: "services.setActive",
  level: "staff",
  grant: "catalog",
  schema: setServiceActiveSchema,
  ...save,
  run: ({ input, ...w }) => setServiceActive(w, input.id, input.active),
});
