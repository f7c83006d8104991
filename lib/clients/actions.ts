"use server";

import { defineAction } from "@/lib/core/actions/define-action";
import { createClient, deleteClient, updateClient } from "./mutations";
import { CLIENT_MESSAGES } from "./messages";
import { clientFieldsSchema, deleteClientSchema, updateClientSchema } from "./schemas";

const save = {
  error: CLIENT_MESSAGES.saveError,
  fallback: CLIENT_MESSAGES.saveFallback,
  noBusiness: { error: CLIENT_MESSAGES.saveError, description: CLIENT_MESSAGES.noBusinessDescription },
  revalidate: ["/clients"],
} as const;

export const createClientAction = defineAction({
  name: "clients.create",
  level: "staff",
  schema: clientFieldsSchema,
  ...save,
  run: ({ input, ...w }) => createClient(w, input),
});

export const updateClientAction = defineAction({
  name: "clients.update",
  level: "staff",
  schema: updateClientSchema,
  ...save,
  run: ({ input: { id, ...data }, ...w }) => updateClient(w, id, data),
});

export const deleteClientAction = defineAction({
  name: "clients.delete",
  level: "staff",
  schema: deleteClientSchema,
  error: CLIENT_MESSAGES.deleteError,
  noBusiness: { error: CLIENT_MESSAGES.deleteError, description: CLIENT_MESSAGES.noBusinessDescription },
  revalidate: ["/clients"],
  run: ({ input, ...w }) => deleteClient(w, input.id, input.withAppointments),
});
