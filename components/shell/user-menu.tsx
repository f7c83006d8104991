"use client";

import { useEffect, useState, type ComponentType } from "react";
import type { BellProps } from "@/components/notifications/bell";
import { LazyMenu } from "@/components/ui/lazy-menu";
import { preloadable, preloadWhenIdle } from "@/components/ui/preloadable";

/** The signed-in user as the header shows them (name and initials worked out by the server shell). */
export type MenuUser = { email: string; name: string; initials: string; avatarUrl: string | null };

const loadHeaderCode = () => import("./user-menu-content");
const userMenu = preloadable(() => loadHeaderCode().then((m) => m.default));
const loadMenu = userMenu.preload;
const UserMenuContent = userMenu.Suspending;

/** The user's picture, or their initials when there is none or it does not load. */
function UserAvatar({ user }: { user: MenuUser }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="relative flex size-9 shrink-0 overflow-hidden rounded-full">
      {user.avatarUrl && !broken ? (
        // eslint-disable-next-line @next/next/no-img-element -- any address the owner typed; next/image would need it allow-listed
        <img src={user.avatarUrl} alt="" className="aspect-square size-full object-cover" onError={() => setBroken(true)} />
      ) : (
        <span className="flex size-full items-center justify-center rounded-full bg-primary/10 text-sm font-medium text-primary">
          {user.initials || "?"}
        </span>
      )}
    </span>
  );
}

/** The header's avatar menu; its items load on first open (see LazyMenu). */
export function UserMenu({ user }: { user: MenuUser }) {
  return (
    <LazyMenu
      menu={UserMenuContent}
      preload={loadMenu}
      trigger={{
        "aria-label": "Menu do usuário",
        className: "grid place-items-center rounded-full max-md:size-11 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        children: <UserAvatar user={user} />,
      }}
      props={{ name: user.name, email: user.email }}
    />
  );
}

type LiveBell = ComponentType<BellProps & { open: boolean }>;

/**
 * The notification bell's place in the header: the server's button (`children`, with its count)
 * until the page is idle, then the live bell (components/notifications/bell.tsx), whose code comes
 * with the user menu's, off every page's first load. A click before that loads it at once and opens
 * its list. Under Save-Data it waits for that click, as every background load does.
 */
export function HeaderBell({ children, ...props }: BellProps & { children: React.ReactNode }) {
  const [Live, setLive] = useState<LiveBell | null>(null);
  const [open, setOpen] = useState(false);
  const goLive = () => loadHeaderCode().then((m) => setLive(() => m.NotificationBell));
  // In the one queue of background loads (components/ui/preloadable.tsx): one per idle period, none
  // under Save-Data, and counted in `<html data-preloads>`.
  useEffect(() => preloadWhenIdle(goLive), []);
  if (Live) return <Live {...props} open={open} />;
  return (
    <span
      className="contents"
      onClick={() => {
        setOpen(true);
        void goLive();
      }}
    >
      {children}
    </span>
  );
}
