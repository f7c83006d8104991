import {
  Building2, CalendarDays, ChartGantt, Clock, Contact, FileText, LayoutDashboard, MessageSquare, Scissors,
  ScrollText, Users, UsersRound, type LucideIcon,
} from "lucide-react";

export type NavLink = { title: string; href: string; icon: LucideIcon };
export type NavGroup = { label: string; items: NavLink[]; signOut?: boolean };

const MANAGEMENT: NavGroup = {
  label: "Management",
  items: [
    { title: "Agendamentos", href: "/appointments", icon: CalendarDays },
    { title: "Visor de Alocação", href: "/allocation-viewer", icon: ChartGantt },
    { title: "Clientes", href: "/clients", icon: Users },
    { title: "Serviços", href: "/services", icon: Scissors },
    { title: "Profissionais", href: "/professionals", icon: Contact },
    { title: "Horários de Funcionamento", href: "/business-hours", icon: Clock },
  ],
};

const REPORTS: NavGroup = {
  label: "Relatórios",
  items: [
    { title: "Dashboard", href: "/reports/dashboard", icon: LayoutDashboard },
    { title: "Conversas", href: "/reports/conversations", icon: MessageSquare },
    { title: "Relatório de Clientes", href: "/reports/clients", icon: FileText },
    { title: "Logs de Auditoria", href: "/reports/audit-logs", icon: ScrollText },
  ],
};

const ADMINISTRATION: NavGroup = {
  label: "Administração",
  items: [
    { title: "Meus Dados", href: "/business-profile", icon: Building2 },
    { title: "Gerenciar Equipe", href: "/team-management", icon: UsersRound },
  ],
  signOut: true,
};

const ACCOUNT: NavGroup = { label: "Conta", items: [], signOut: true };

/** The sidebar groups of the spec: owners get reports and administration, employees only 'Conta'. */
export function navGroups(ownerLevel: boolean): NavGroup[] {
  return ownerLevel ? [MANAGEMENT, REPORTS, ADMINISTRATION] : [MANAGEMENT, ACCOUNT];
}

export function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
