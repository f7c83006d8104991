import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";

/** The forms of /auth and the reset screen. The same schemas run again in the server actions. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DEFAULT_COMPANY_NAME = "Novo Negócio";
export const PASSWORD_MIN = 6;

const email = z.string().trim().regex(EMAIL_PATTERN, "Email inválido").max(255, "Email inválido");

/** Where to go after a successful login (the return path the /auth page was given, if any). */
export const afterLoginSchema = z.object({ callbackUrl: z.string().max(2000).nullable().optional() });

export const loginSchema = z.object({
  email: z.string().trim().min(1, "Email é obrigatório").regex(EMAIL_PATTERN, "Email inválido"),
  password: z.string().min(1, "Senha é obrigatória"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signUpSchema = z
  .object({
    fullName: singleLine(z.string().trim().min(2, "Nome deve ter pelo menos 2 caracteres").max(120, "Nome muito longo")),
    email,
    password: z.string().min(PASSWORD_MIN, "Senha deve ter pelo menos 6 caracteres").max(200, "Senha muito longa"),
    confirmPassword: z.string(),
    companyName: singleLine(z.string().trim().max(120).optional())
      .transform((v) => (v ? v : DEFAULT_COMPANY_NAME)),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Senhas não coincidem", path: ["confirmPassword"] });
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpData = z.output<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: z.string().min(PASSWORD_MIN, "Senha deve ter pelo menos 6 caracteres").max(200, "Senha muito longa"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Senhas não coincidem", path: ["confirmPassword"] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * 'Confirmar e-mail': the link's token, and a password when the link is opened in a browser other
 * than the one that asked for it (empty otherwise; the server decides which applies).
 */
export const confirmEmailSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: z.union([z.literal(""), z.string().min(PASSWORD_MIN, "Senha deve ter pelo menos 6 caracteres").max(200, "Senha muito longa")]).default(""),
    confirmPassword: z.string().max(200).default(""),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Senhas não coincidem", path: ["confirmPassword"] });
export type ConfirmEmailInput = z.input<typeof confirmEmailSchema>;

export const businessRegistrationSchema = z.object({
  companyName: singleLine(z.string().trim().min(2, "Nome da empresa deve ter pelo menos 2 caracteres").max(120, "Nome muito longo")),
  phone: z.string().trim().max(30, "Telefone inválido").optional().default(""),
  description: z.string().trim().max(1000, "Descrição muito longa").optional().default(""),
});
export type BusinessRegistrationInput = z.input<typeof businessRegistrationSchema>;
export type BusinessRegistrationData = z.output<typeof businessRegistrationSchema>;
