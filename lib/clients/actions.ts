"use server";

import { defineAction } from "@/lib/pipeline";
import { createClient, deleteClient, mergeClients, updateClient, updateClientNotes } from "./mutations";
import { CLIENT_MESSAGES } from "./messages";
import { clientNotesSchema, deleteClientSchema, mergeClientsSchema, newClientSchema, updateClientSchema } from "./schemas";

const save = {
  error: CLIENT_MESSAGES.saveError,
  fallback: CLIENT_MESSAGES.saveFallback,
  noBusiness: { error: CLIENT_MESSAGES.saveError, description: CLIENT_MESSAGES.noBusinessDescription },
  revalidate: ["/clients"],
} as const;

export const createClientAction = defineAction({
  name: "clients.create",
  level: "staff",
  schema: newClientSchema,
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
  // A client with comandas or an account with the salon is kept: their bills are the salon's records (issue 53).
  conflicts: {
    comandas_client_same_business_fk: { description: CLIENT_MESSAGES.hasComandas },
    client_balance_movements_client_same_business_fk: { description: CLIENT_MESSAGES.hasComandas },
  },
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

/** 'Mesclar' on the client's page: the other client's history passes to this one, which stays. Owner only. */
export const mergeClientsAction = defineAction({
  name: "clients.merge",
  level: "owner",
  schema: mergeClientsSchema,
  error: CLIENT_MESSAGES.mergeError,
  noBusiness: { error: CLIENT_MESSAGES.mergeError, description: CLIENT_MESSAGES.noBusinessDescription },
  revalidate: (input) => ["/clients", `/clients/${input.id}`],
  run: ({ input, ...w }) => mergeClients(w, input.id, input.mergedId),
});
