import { z } from "zod";
import { CLIENT_MESSAGES } from "./messages";
import { optionalEmail, optionalPhone } from "@/lib/core/validation/optional-text";


/** Spec section 5, Clients: name required; e-mail well formed when given; trimmed; empty → null. */
export const clientFieldsSchema = z.object({
  name: z.string().trim().min(1, CLIENT_MESSAGES.nameRequired).max(200, "Máximo de 200 caracteres"),
  phone: optionalPhone(),
  email: optionalEmail(CLIENT_MESSAGES.invalidEmail),
});
export type ClientFields = z.input<typeof clientFieldsSchema>;

export const clientIdSchema = z.object({ id: z.uuid(CLIENT_MESSAGES.notFound) });

export const updateClientSchema = clientFieldsSchema.extend(clientIdSchema.shape);

/** Delete: with appointments the caller must say so explicitly (second confirmation). */
export const deleteClientSchema = clientIdSchema.extend({ withAppointments: z.boolean().default(false) });

/** 24 cards per page: 2, 3 and 4 columns all fill their rows. */
export const CLIENTS_PAGE_SIZE = 24;
