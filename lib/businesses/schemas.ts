import { z } from "zod";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

/** The create-business dialog: only the name is required (spec section 5). */
export const createBusinessSchema = z.object({
  name: z.string().trim().min(1, "Nome do negócio é obrigatório").max(200),
  description: optionalText(2000),
  phone: optionalText(40),
  email: optionalText(255),
  address: optionalText(500),
});
export type CreateBusinessInput = z.input<typeof createBusinessSchema>;

/** The business profile screen (Meus Dados): company fields plus the owner's own profile fields. */
export const businessProfileSchema = z.object({
  businessName: z.string().trim().min(1, "Nome do negócio é obrigatório").max(200),
  description: optionalText(2000),
  address: optionalText(500),
  businessEmail: optionalText(255),
  businessPhone: optionalText(40),
  fullName: optionalText(200),
  contactName: optionalText(200),
  avatarUrl: optionalText(2000),
  phone: optionalText(40),
});
export type BusinessProfileInput = z.input<typeof businessProfileSchema>;

export const uuidSchema = z.uuid();
