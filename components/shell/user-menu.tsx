"use client";

import { useState } from "react";
import { LazyMenu } from "@/components/ui/lazy-menu";
import { preloadable } from "@/components/ui/preloadable";

/** The signed-in user as the header shows them (name and initials worked out by the server shell). */
export type MenuUser = { email: string; name: string; initials: string; avatarUrl: string | null };

const userMenu = preloadable(() => import("./user-menu-content").then((m) => m.default));
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
        className: "rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        children: <UserAvatar user={user} />,
      }}
      props={{ name: user.name, email: user.email }}
    />
  );
}
