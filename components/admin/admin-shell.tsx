import { LogOut, Menu } from "lucide";
import { Brand } from "@/components/shell/brand";
import { adminNav } from "@/components/shell/nav";
import { Badge } from "@/components/ui/badge";
import { AdminMenuButton, AdminNav } from "./admin-nav";
import { StaticIcon } from "@/components/ui/static-icon";

function BrandBar() {
  return (
    <div className="flex h-14 items-center gap-2 border-b px-4">
      <Brand labelClassName="text-base" />
    </div>
  );
}

/** The admin area's frame: sidebar (drawer below 768 px) and a header with the 'Admin SaaS' badge and the e-mail. */
export function AdminShell({ email, children }: { email: string; children: React.ReactNode }) {
  const links = adminNav();
  const signOutIcon = <StaticIcon icon={LogOut} className="size-4 shrink-0" />;
  return (
    <div className="flex min-h-dvh bg-background">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground md:flex">
        <BrandBar />
        <AdminNav links={links} signOutIcon={signOutIcon} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:px-6">
          <AdminMenuButton links={links} brand={<BrandBar />} menuIcon={<StaticIcon icon={Menu} className="size-5" />} signOutIcon={signOutIcon} />
          <Badge>Admin SaaS</Badge>
          <span className="ml-auto min-w-0 truncate text-sm text-muted-foreground" data-testid="admin-email">
            {email}
          </span>
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-6">{children}</main>
      </div>
    </div>
  );
}
