/**
 * Every route of the app, once: its guard (spec section 2), and for the ones in a menu, the menu
 * group, icon and title. Middleware, the server-side page guards, the sidebar and the admin nav all
 * read this table, so adding a screen is one row. Pure data: middleware (edge) imports it, so icons
 * are names resolved by the menus (components/shell/nav-icons.ts).
 */
import type { Grant, Level } from "@/lib/auth/permissions";
/** A page's access level (lib/auth/permissions.ts): every level but "user", which only calls have. */
export type Guard = Exclude<Level, "user">;
export type MenuGroup = "management" | "reports" | "administration" | "admin";
export type IconName =
  | "CalendarDays" | "ChartGantt" | "Users" | "Scissors" | "Contact" | "Clock" | "LayoutDashboard"
  | "MessageSquare" | "FileText" | "ScrollText" | "Building2" | "UsersRound" | "Settings" | "Wallet" | "Percent" | "Package" | "Receipt";

export type Route = {
  path: string;
  guard: Guard;
  /** Besides the guard, what an employee must have been granted (lib/auth/permissions.ts GRANTS): without it the page says why. */
  grant?: Grant;
  /** The page's title (document title and menu entry). */
  title: string;
  menu?: { group: MenuGroup; icon: IconName; label?: string };
};

export const ROUTES = [
  { path: "/", guard: "home", title: "Agenda" },
  { path: "/auth", guard: "public", title: "Entrar" },
  { path: "/reset-password", guard: "public", title: "Redefinir senha" },
  { path: "/confirm-email", guard: "public", title: "Confirmar e-mail" },
  { path: "/agendar", guard: "public", title: "Agendamento online" },
  { path: "/agendar/reserva", guard: "public", title: "Seu agendamento" },
  { path: "/agendar/lembrete", guard: "public", title: "Seu horário" },
  { path: "/agendar/lista-de-espera", guard: "public", title: "Lista de espera" },
  // A professional's calendar feed (a route handler, no page): the secret address is the credential.
  { path: "/agenda/ical", guard: "public", title: "Link da agenda (iCal)" },

  { path: "/appointments", guard: "staff", title: "Agenda Inteligente", menu: { group: "management", icon: "CalendarDays", label: "Agendamentos" } },
  { path: "/appointments/grade", guard: "staff", title: "Agenda Inteligente" },
  { path: "/allocation-viewer", guard: "staff", title: "Visor de Alocação", menu: { group: "management", icon: "ChartGantt" } },
  { path: "/clients", guard: "staff", title: "Clientes", menu: { group: "management", icon: "Users" } },
  { path: "/clients/[id]", guard: "staff", title: "Cliente" },
  { path: "/services", guard: "staff", grant: "catalog", title: "Serviços", menu: { group: "management", icon: "Scissors" } },
  { path: "/professionals", guard: "staff", title: "Profissionais", menu: { group: "management", icon: "Contact" } },
  { path: "/business-hours", guard: "staff", grant: "hours", title: "Horários de Funcionamento", menu: { group: "management", icon: "Clock" } },
  { path: "/products", guard: "owner", title: "Produtos", menu: { group: "management", icon: "Package" } },
  { path: "/comandas", guard: "staff", title: "Comandas", menu: { group: "management", icon: "Receipt" } },
  { path: "/comandas/[id]", guard: "staff", title: "Comanda" },
  { path: "/cash-register", guard: "staff", title: "Caixa", menu: { group: "management", icon: "Wallet" } },
  { path: "/my-commissions", guard: "staff", title: "Minhas comissões", menu: { group: "management", icon: "Percent" } },

  { path: "/reports/dashboard", guard: "owner", title: "Dashboard", menu: { group: "reports", icon: "LayoutDashboard" } },
  { path: "/commissions", guard: "owner", title: "Comissões", menu: { group: "reports", icon: "Percent" } },
  { path: "/reports/day-closing", guard: "owner", title: "Fechamento do dia", menu: { group: "reports", icon: "Wallet" } },
  { path: "/reports/conversations", guard: "owner", title: "Conversas", menu: { group: "reports", icon: "MessageSquare" } },
  { path: "/reports/clients", guard: "owner", title: "Relatório de Clientes", menu: { group: "reports", icon: "FileText" } },
  { path: "/reports/audit-logs", guard: "owner", title: "Logs de Auditoria", menu: { group: "reports", icon: "ScrollText" } },
  { path: "/reports", guard: "owner", title: "Relatórios" },
  { path: "/business-profile", guard: "owner", title: "Meus Dados", menu: { group: "administration", icon: "Building2" } },
  { path: "/team-management", guard: "owner", title: "Gerenciar Equipe", menu: { group: "administration", icon: "UsersRound" } },

  { path: "/admin", guard: "admin", title: "Visão Geral", menu: { group: "admin", icon: "LayoutDashboard" } },
  { path: "/admin/businesses", guard: "admin", title: "Negócios", menu: { group: "admin", icon: "Building2" } },
  { path: "/admin/users", guard: "admin", title: "Usuários", menu: { group: "admin", icon: "Users" } },
  { path: "/admin/settings", guard: "admin", title: "Configurações", menu: { group: "admin", icon: "Settings" } },
] as const satisfies readonly Route[];

export type RoutePath = (typeof ROUTES)[number]["path"];

/** Sidebar group labels of the spec (the shell's groups; 'admin' is the /admin area's own nav). */
export const MENU_GROUP_LABELS: Record<MenuGroup, string> = {
  management: "Management",
  reports: "Relatórios",
  administration: "Administração",
  admin: "Administração",
};

function under(pathname: string, base: string): boolean {
  return base === "/" ? pathname === "/" : pathname === base || pathname.startsWith(`${base}/`);
}

/** The route a path belongs to: the exact row, else the longest row it is under; null for unknown paths. */
export function routeFor(pathname: string): Route | null {
  let best: Route | null = null;
  for (const r of ROUTES as readonly Route[]) {
    if (!under(pathname, r.path)) continue;
    if (!best || r.path.length > best.path.length) best = r;
  }
  return best;
}

/** Whether `pathname` is exactly one of the table's pages (the admin area sends anything else to /admin). */
export function isKnownPage(pathname: string): boolean {
  return (ROUTES as readonly Route[]).some((r) => r.path === pathname);
}

/** The menu entries of one group, in table order. */
export function menuOf(group: MenuGroup): { href: string; title: string; icon: IconName; guard: Guard; grant?: Grant }[] {
  return (ROUTES as readonly Route[])
    .filter((r) => r.menu?.group === group)
    .map((r) => ({ href: r.path, title: r.menu!.label ?? r.title, icon: r.menu!.icon, guard: r.guard, grant: r.grant }));
}

/** The paths whose row names a grant: their page may be refused to an employee (requireBusinessPage). */
export type GrantedPath = Extract<(typeof ROUTES)[number], { grant: Grant }>["path"];

/** The grant a page needs besides its guard, if any. */
export function grantOf(pathname: string): Grant | undefined {
  return routeFor(pathname)?.grant;
}

/** The title of a known page, for <title> and headers. */
export function titleOf(path: RoutePath): string {
  return (ROUTES as readonly Route[]).find((r) => r.path === path)!.title;
}
