import { denial, type Caller } from "@/lib/auth/permissions";
import { MENU_GROUP_LABELS, menuOf, type MenuGroup } from "@/lib/routes";
import { NavIcon } from "./nav-icon";

/** A menu entry as the client menus get it: the icon already rendered on the server. */
export type NavLink = { title: string; href: string; icon: React.ReactNode };
export type NavGroup = { label: string; items: NavLink[]; signOut?: boolean };

/** The group's entries the caller may open (the permission table decides, as for the pages). */
function links(name: MenuGroup, caller?: Caller): NavLink[] {
  return menuOf(name)
    .filter((r) => !caller || !denial(r.guard, caller, "page", r.grant))
    .map((r) => ({ title: r.title, href: r.href, icon: <NavIcon name={r.icon} /> }));
}

/**
 * The sidebar groups of the spec, each with the entries the caller may open: owners get reports and
 * administration, employees only 'Management' and 'Conta' (whose one entry is 'Sair').
 */
export function navGroups(caller: Caller): NavGroup[] {
  const groups = (["management", "reports", "administration"] as const)
    .map((name): NavGroup => ({ label: MENU_GROUP_LABELS[name], items: links(name, caller) }))
    .filter((g) => g.items.length > 0);
  const last = groups.at(-1);
  if (last && last.label === MENU_GROUP_LABELS.administration) return [...groups.slice(0, -1), { ...last, signOut: true }];
  return [...groups, { label: "Conta", items: [], signOut: true }];
}

/** The /admin area's own menu. */
export function adminNav(): NavLink[] {
  return links("admin");
}
