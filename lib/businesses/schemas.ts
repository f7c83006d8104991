import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

const optionalEmail = optionalText(255).refine((v) => v === null || z.email().safeParse(v).success, "E-mail inválido");

const businessName = singleLine(z.string().trim().min(1, "Nome do negócio é obrigatório").max(200));
/** What both business forms ask besides the name and the contact. */
const aboutBusiness = { description: optionalText(2000), address: optionalText(500) };

/** The create-business dialog: only the name is required (spec section 5). */
export const createBusinessSchema = z.object({ name: businessName, ...aboutBusiness, phone: optionalText(40), email: optionalEmail });
export type CreateBusinessInput = z.input<typeof createBusinessSchema>;

/** The business profile screen (Meus Dados): company fields plus the owner's own profile fields. */
export const businessProfileSchema = z.object({
  businessName,
  ...aboutBusiness,
  businessEmail: optionalEmail,
  businessPhone: optionalText(40),
  fullName: singleLine(optionalText(200)),
  contactName: singleLine(optionalText(200)),
  // Shown as an <img> to everyone in the business: web addresses only.
  avatarUrl: optionalText(2000).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), "URL inválida"),
  phone: optionalText(40),
});
export type BusinessProfileInput = z.input<typeof businessProfileSchema>;
export type BusinessProfileData = z.output<typeof businessProfileSchema>;

