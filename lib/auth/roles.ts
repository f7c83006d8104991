/** Global roles (spec section 6) and the flags derived from them. Pure: used by middleware and server. */
export const GLOBAL_ROLES = ["admin", "saas_admin", "client", "end_customer", "business_owner", "employee"] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];
export type BusinessRole = "owner" | "admin" | "employee";

/** The spec's fallback: a failed or empty role lookup means business_owner. */
export const DEFAULT_ROLE: GlobalRole = "business_owner";

export function normaliseRoles(names: readonly string[] | null | undefined): GlobalRole[] {
  const known = (names ?? []).filter((n): n is GlobalRole => (GLOBAL_ROLES as readonly string[]).includes(n));
  return known.length ? known : [DEFAULT_ROLE];
}

export function roleFlags(roles: readonly GlobalRole[]) {
  const has = (r: GlobalRole) => roles.includes(r);
  return {
    isAdmin: has("admin") || has("saas_admin"),
    isSaasAdmin: has("saas_admin"),
    isClientLike: has("client") || has("end_customer") || has("business_owner") || has("employee"),
    isBusinessOwner: has("business_owner"),
    isEmployee: has("employee"),
  };
}

/** Owner-level access inside one business: its owner or an administrator of it. */
export function isOwnerLevel(role: BusinessRole | null | undefined): boolean {
  return role === "owner" || role === "admin";
}

export const BUSINESS_ROLE_LABELS: Record<BusinessRole, string> = {
  owner: "Proprietário",
  admin: "Administrador",
  employee: "Colaborador",
};
