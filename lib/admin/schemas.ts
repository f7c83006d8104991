import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { GLOBAL_ROLES } from "@/lib/auth/roles";
import { parsePriceInput } from "@/lib/core/format/money";
import { SUBSCRIPTION_STATUSES } from "./messages";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo de ${max} caracteres`)
    .optional()
    .transform((v) => (v ? v : null));

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(255, "E-mail deve ter no máximo 255 caracteres")
  .optional()
  .refine((v) => !v || z.email().safeParse(v).success, "E-mail inválido")
  .transform((v) => (v ? v : null));

/** A fee typed as "149,90", "149.90" or a number; stored as numeric(10,2). */
const monthlyFee = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return "0.00";
    const n = typeof v === "number" ? v : parsePriceInput(v);
    if (n === null || !Number.isFinite(n) || n < 0 || n >= 100_000_000) {
      ctx.addIssue({ code: "custom", message: "Valor da mensalidade inválido" });
      return z.NEVER;
    }
    return n.toFixed(2);
  });

export const businessInputSchema = z.object({
  name: singleLine(z.string().trim().min(1, "Nome do negócio é obrigatório").max(200, "Máximo de 200 caracteres")),
  description: optionalText(1000),
  phone: optionalText(40),
  email: optionalEmail,
  address: optionalText(500),
  monthlyFee,
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES, { message: "Status inválido" }).default("active"),
  ownerId: z.uuid({ message: "Selecione o proprietário" }),
});
export type BusinessInput = z.input<typeof businessInputSchema>;
export type BusinessData = z.output<typeof businessInputSchema>;

export const idSchema = z.uuid();

export const userInputSchema = z.object({
  fullName: singleLine(optionalText(200)),
  companyName: singleLine(optionalText(200)),
  phone: optionalText(40),
  role: z.enum(GLOBAL_ROLES, { message: "Papel inválido" }),
});
export type UserInput = z.input<typeof userInputSchema>;
export type UserData = z.output<typeof userInputSchema>;

/** An admin e-mail as typed: trimmed and lower-cased; validity is checked after the empty case. */
export const adminEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(255, "E-mail deve ter no máximo 255 caracteres")
  .refine((v) => v === "" || z.email().safeParse(v).success, "E-mail inválido");
