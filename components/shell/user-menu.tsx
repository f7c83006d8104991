"use client";

import { lazy, useState } from "react";
import { displayName, initials } from "@/lib/format/phone";
import { LazyMenu } from "./lazy-menu";

export type ShellUser = { email: string; fullName: string | null; avatarUrl: string | null };

const loadMenu = () => import("./user-menu-content");
const UserMenuContent = lazy(loadMenu);

/** The user's picture, or their initials when there is none or it does not load. */
function UserAvatar({ user, name }: { user: ShellUser; name: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="relative flex size-9 shrink-0 overflow-hidden rounded-full">
      {user.avatarUrl && !broken ? (
        // eslint-disable-next-line @next/next/no-img-element -- any address the owner typed; next/image would need it allow-listed
        <img src={user.avatarUrl} alt="" className="aspect-square size-full object-cover" onError={() => setBroken(true)} />
      ) : (
        <span className="flex size-full items-center justify-center rounded-full bg-primary/10 text-sm font-medium text-primary">
          {initials(name) || "?"}
        </span>
      )}
    </span>
  );
}

/** The header's avatar menu; its items load on first open (see LazyMenu). */
export function UserMenu({ user }: { user: ShellUser }) {
  const name = displayName(user);
  return (
    <LazyMenu
      menu={UserMenuContent}
      preload={loadMenu}
      trigger={{
        "aria-label": "Menu do usuário",
        className: "rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        children: <UserAvatar user={user} name={name} />,
      }}
      props={{ name, email: user.email }}
    />
  );
}
