import { z } from "zod";
import { GLOBAL_ROLES } from "@/lib/auth/roles";
import { parsePriceInput } from "@/lib/format/money";

/** Page size of the admin lists (businesses, users). */
export const ADMIN_PAGE_SIZE = 20;

export const SUBSCRIPTION_STATUSES = ["active", "inactive", "suspended"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  active: "Ativo",
  inactive: "Inativo",
  suspended: "Suspenso",
};

export const GLOBAL_ROLE_LABELS: Record<(typeof GLOBAL_ROLES)[number], string> = {
  saas_admin: "Admin SaaS",
  admin: "Administrador",
  business_owner: "Proprietário",
  employee: "Colaborador",
  client: "Cliente",
  end_customer: "Cliente final",
};

/** The order in which one role is picked to stand for a user with several. */
export const GLOBAL_ROLE_RANK = ["saas_admin", "admin", "business_owner", "employee", "client", "end_customer"] as const;

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
  .max(255, "Email deve ter no máximo 255 caracteres")
  .optional()
  .refine((v) => !v || z.email().safeParse(v).success, "Email inválido")
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
  name: z.string().trim().min(1, "Nome do negócio é obrigatório").max(200, "Máximo de 200 caracteres"),
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
  fullName: optionalText(200),
  companyName: optionalText(200),
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
  .max(255, "Email deve ter no máximo 255 caracteres")
  .refine((v) => v === "" || z.email().safeParse(v).success, "Email inválido");

/** The admin area's texts (spec section 8), shared by the actions and the screens. */
export const MESSAGES = {
  createBusinessError: "Erro ao criar negócio",
  createBusinessSuccess: "Negócio criado com sucesso!",
  updateBusinessError: "Erro ao atualizar negócio",
  createBusinessUnexpected: "Erro inesperado ao criar negócio",
  updateBusinessUnexpected: "Erro inesperado ao atualizar negócio",
  updateBusinessSuccess: "Negócio atualizado com sucesso!",
  deleteBusinessError: "Erro ao excluir negócio",
  deleteBusinessSuccess: "Negócio excluído com sucesso!",
  businessNotFound: "Negócio não encontrado.",
  ownerNotFound: "O proprietário escolhido não existe mais.",
  loadUsersError: "Erro ao carregar usuários",
  loadAdminEmailsError: "Erro ao carregar emails de admin",
  updateUserError: "Erro ao atualizar usuário",
  updateUserSuccess: "Usuário atualizado com sucesso!",
  deleteUserError: "Erro ao excluir usuário",
  deleteUserSuccess: "Usuário excluído com sucesso!",
  userNotFound: "Usuário não encontrado.",
  saasAdminUndeletable: "O admin SaaS não pode ser excluído.",
  selfUndeletable: "Você não pode excluir a sua própria conta.",
  selfDemotion: "Você não pode remover o seu próprio acesso de administrador.",
  addAdminEmailError: "Erro ao adicionar email de admin",
  addAdminEmailSuccess: "Email de admin adicionado",
  duplicateAdminEmail: "Este email já está na lista de admins",
  removeAdminEmailError: "Erro ao remover email de admin",
  removeAdminEmailSuccess: "Email de admin removido",
  listedAdminDemotion: "Este email está em 'Emails de Admin'. Remova-o da lista antes de mudar o papel do usuário.",
  onlyOwner: (names: string[]) =>
    `Este usuário é o único proprietário de: ${names.join(", ")}. Transfira esses negócios a outro proprietário ou exclua-os antes.`,
} as const;
