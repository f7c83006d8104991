import { MENU_GROUP_LABELS, menuOf, type MenuGroup } from "@/lib/routes";
import { NavIcon } from "./nav-icon";

/** A menu entry as the client menus get it: the icon already rendered on the server. */
export type NavLink = { title: string; href: string; icon: React.ReactNode };
export type NavGroup = { label: string; items: NavLink[]; signOut?: boolean };

function links(name: MenuGroup): NavLink[] {
  return menuOf(name).map((r) => ({ title: r.title, href: r.href, icon: <NavIcon name={r.icon} /> }));
}

/** The sidebar groups of the spec: owners get reports and administration, employees only 'Conta'. */
export function navGroups(ownerLevel: boolean): NavGroup[] {
  const group = (name: MenuGroup, signOut = false): NavGroup => ({ label: MENU_GROUP_LABELS[name], items: links(name), signOut });
  return ownerLevel ? [group("management"), group("reports"), group("administration", true)] : [group("management"), { label: "Conta", items: [], signOut: true }];
}

/** The /admin area's own menu. */
export function adminNav(): NavLink[] {
  return links("admin");
}
