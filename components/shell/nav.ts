import type { LucideIcon } from "lucide-react";
import { MENU_GROUP_LABELS, menuOf, type MenuGroup } from "@/lib/routes";
import { NAV_ICONS } from "./nav-icons";

export type NavLink = { title: string; href: string; icon: LucideIcon };
export type NavGroup = { label: string; items: NavLink[]; signOut?: boolean };

function group(name: MenuGroup, signOut = false): NavGroup {
  const items = menuOf(name).map((r) => ({ title: r.title, href: r.href, icon: NAV_ICONS[r.icon] }));
  return { label: MENU_GROUP_LABELS[name], items, signOut };
}

const ACCOUNT: NavGroup = { label: "Conta", items: [], signOut: true };

/** The sidebar groups of the spec: owners get reports and administration, employees only 'Conta'. */
export function navGroups(ownerLevel: boolean): NavGroup[] {
  return ownerLevel ? [group("management"), group("reports"), group("administration", true)] : [group("management"), ACCOUNT];
}

/** The /admin area's own menu. */
export function adminNav(): NavLink[] {
  return group("admin").items;
}

export function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
