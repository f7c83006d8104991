/** The admin area's texts, labels and choices. Apart from the schemas, so code that only shows them ships no zod to the browser. */
import type { GLOBAL_ROLES } from "@/lib/auth/roles";

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
  addAdminEmailSuccess: "E-mail de admin adicionado",
  duplicateAdminEmail: "Este email já está na lista de admins",
  removeAdminEmailError: "Erro ao remover email de admin",
  removeAdminEmailSuccess: "E-mail de admin removido",
  listedAdminDemotion: "Este e-mail está em 'Emails de Admin'. Remova-o da lista antes de mudar o papel do usuário.",
  onlyOwner: (names: string[]) =>
    `Este usuário é o único proprietário de: ${names.join(", ")}. Transfira esses negócios a outro proprietário ou exclua-os antes.`,
} as const;
