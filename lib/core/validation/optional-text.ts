import { z } from "zod";

/** An optional text field as the forms send it: trimmed, at most `max` characters, empty → null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** An optional phone: any text with a digit, at most 40 characters. */
export const optionalPhone = () => optionalText(40, "Telefone inválido").refine((v) => v === null || /\d/.test(v), "Telefone inválido");

/** An optional e-mail, well formed when given; `lowercase`: kept in lower case (an address someone will be written to). */
export const optionalEmail = (invalid: string, { lowercase = false } = {}) =>
  optionalText(255, "E-mail deve ter no máximo 255 caracteres")
    .transform((v) => (v && lowercase ? v.toLowerCase() : v))
    .refine((v) => v === null || z.email().safeParse(v).success, invalid);
