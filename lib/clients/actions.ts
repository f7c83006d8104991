"use server";

import { defineAction } from "@/lib/pipeline";
import { createClient, deleteClient, updateClient, updateClientNotes } from "./mutations";
import { CLIENT_MESSAGES } from "./messages";
import { clientFieldsSchema, clientNotesSchema, deleteClientSchema, updateClientSchema } from "./schemas";

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
  grant: "deleteClients",
  schema: deleteClientSchema,
  error: CLIENT_MESSAGES.deleteError,
  noBusiness: { error: CLIENT_MESSAGES.deleteError, description: CLIENT_MESSAGES.noBusinessDescription },
  revalidate: ["/clients"],
  run: ({ input, ...w }) => deleteClient(w, input.id, input.withAppointments),
});

/** The client page's 'Observações'. */
export const updateClientNotesAction = defineAction({
  name: "clients.notes",
  level: "staff",
  schema: clientNotesSchema,
  error: CLIENT_MESSAGES.notesError,
  noBusiness: { error: CLIENT_MESSAGES.notesError, description: CLIENT_MESSAGES.noBusinessDescription },
  revalidate: (input) => [`/clients/${input.id}`],
  run: ({ input, ...w }) => updateClientNotes(w, input.id, input.notes),
});
