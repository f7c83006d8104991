import { Building2, ChevronsUpDown, LogOut, PanelLeft } from "lucide";
import { BusinessSwitcher, type SwitcherBusiness } from "@/components/business/business-switcher";
import { LiveRulesData } from "@/components/live/live-rules";
import { Brand } from "./brand";
import type { Grant } from "@/lib/auth/permissions";
import type { BusinessRole } from "@/lib/auth/roles";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { LIVE_RULES } from "@/lib/live-reads";
import { routeScripts } from "@/lib/navigation/route-scripts";
import { navGroups } from "./nav";
import { RouteCodePreloader } from "./route-code-preloader";
import { AppSidebar, SidebarProvider, SidebarTrigger } from "./sidebar";
import { RealtimeProvider } from "./use-realtime";
import { displayName, initials } from "@/lib/core/format/phone";
import { UserMenu } from "./user-menu";
import { StaticIcon } from "@/components/ui/static-icon";

export type ShellUser = { email: string; fullName: string | null; avatarUrl: string | null };

export type AppShellProps = {
  defaultOpen: boolean;
  /** The caller's role in the current business (the sidebar shows what it may open). */
  businessRole: BusinessRole | null;
  /** Their grants there (an employee's entries the owner withheld are not shown). */
  grants: readonly Grant[];
  canCreateBusiness: boolean;
  user: ShellUser;
  businesses: SwitcherBusiness[];
  currentBusinessId: string | null;
  /**
   * A notice above every page ('Confirme seu e-mail', pending invitations), rendered by the layout
   * with its own bottom margin: it may render nothing.
   */
  notice?: React.ReactNode;
  /** The header's notification bell (the current business's staff), rendered by the layout. */
  bell?: React.ReactNode;
  /** The page's render cursor (AuthContext.cursor): its live stream resumes from here. */
  cursor: Cursor;
  children: React.ReactNode;
};

/**
 * The authenticated page shell: sidebar, header (trigger on mobile, business switcher, user menu),
 * content. A server component: only the interactive parts (sidebar state, menus, realtime) are
 * client components, and every icon arrives rendered (the icon library never ships with the shell).
 */
export function AppShell(props: AppShellProps) {
  const name = displayName(props.user);
  const groups = navGroups({ signedIn: true, isAdmin: false, businessRole: props.businessRole, grants: props.grants });
  return (
    <RealtimeProvider cursor={props.cursor}>
      <SidebarProvider defaultOpen={props.defaultOpen}>
        <div className="flex min-h-dvh w-full">
          <AppSidebar
            groups={groups}
            brand={<Brand labelClassName="text-lg tracking-tight transition-opacity group-data-[expanded=false]:opacity-0" />}
            signOutIcon={<StaticIcon icon={LogOut} className="size-4 shrink-0" />}
          />
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-6">
              <SidebarTrigger className="md:hidden">
                <StaticIcon icon={PanelLeft} className="size-5" />
              </SidebarTrigger>
              <BusinessSwitcher
                businesses={props.businesses}
                currentId={props.currentBusinessId}
                canCreate={props.canCreateBusiness}
                icon={<StaticIcon icon={Building2} className="size-4 shrink-0 text-primary" />}
                indicator={<StaticIcon icon={ChevronsUpDown} className="ml-auto size-4 shrink-0 text-muted-foreground" />}
              />
              <div className="ml-auto flex items-center gap-2">
                {props.bell}
                <UserMenu user={{ email: props.user.email, avatarUrl: props.user.avatarUrl, name, initials: initials(name) }} />
              </div>
            </header>
            <main id="conteudo" className="flex-1 p-4 md:p-6">
              {props.notice}
              {props.children}
            </main>
          </div>
        </div>
      </SidebarProvider>
      {/* What each live read shows, from the reads' declarations: the cache matches changes against it. */}
      <LiveRulesData rules={LIVE_RULES} />
      <RouteCodePreloader scripts={routeScripts(groups.flatMap((g) => g.items.map((i) => i.href)))} />
    </RealtimeProvider>
  );
}
