import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { CLIENT_MESSAGES } from "./messages";
import { optionalEmail, optionalPhone } from "@/lib/core/validation/optional-text";


/** Spec section 5, Clients: name required; e-mail well formed when given; trimmed; empty → null. */
export const clientFieldsSchema = z.object({
  name: singleLine(z.string().trim().min(1, CLIENT_MESSAGES.nameRequired).max(200, "Máximo de 200 caracteres")),
  phone: optionalPhone(),
  email: optionalEmail(CLIENT_MESSAGES.invalidEmail),
});
export type ClientFields = z.input<typeof clientFieldsSchema>;

export const clientIdSchema = z.object({ id: z.uuid(CLIENT_MESSAGES.notFound) });

export const updateClientSchema = clientFieldsSchema.extend(clientIdSchema.shape);

/**
 * A new client ('Novo Cliente', the appointment's 'Criar novo'): refused while a client of the
 * business has the same phone or e-mail, unless the caller says it is another person (issue 52).
 */
export const newClientSchema = clientFieldsSchema.extend({ allowDuplicate: z.boolean().default(false) });

/** The phone and e-mail a new client would have, to find the clients that already have them. */
export const duplicateQuerySchema = z.object({
  phone: z.string().trim().max(40).default(""),
  email: z.string().trim().max(255).default(""),
});

/** 'Mesclar': `mergedId`'s history moves to `id` (the page's client), and `mergedId` is deleted. */
export const mergeClientsSchema = clientIdSchema.extend({ mergedId: z.uuid(CLIENT_MESSAGES.mergePick) })
  .refine((v) => v.id !== v.mergedId, { path: ["mergedId"], message: CLIENT_MESSAGES.mergeSame });

/** Delete: with appointments the caller must say so explicitly (second confirmation). */
export const deleteClientSchema = clientIdSchema.extend({ withAppointments: z.boolean().default(false) });

/** The client page's notes (issue 35): free text, trimmed; empty → none. The database holds the same limit. */
export const CLIENT_NOTES_MAX = 2000;
export const clientNotesSchema = clientIdSchema.extend({
  notes: z.string().trim().max(CLIENT_NOTES_MAX, `Máximo de ${CLIENT_NOTES_MAX} caracteres`).transform((v) => v || null),
});

/** The client page's history: 20 visits a page. */
export const CLIENT_HISTORY_PAGE_SIZE = 20;

/** 24 cards per page: 2, 3 and 4 columns all fill their rows. */
export const CLIENTS_PAGE_SIZE = 24;
