"use client";

import { useLive } from "@/components/live/use-live";
import { LazyMenu } from "@/components/ui/lazy-menu";
import { preloadable } from "@/components/ui/preloadable";
import { liveKey } from "@/lib/core/live/keys";
import type { Bell as BellData } from "@/lib/notifications/queries";
import { NOTIFICATION_MESSAGES as MSG } from "@/lib/notifications/messages";

const bellMenu = preloadable(() => import("./bell-menu").then((m) => m.default));

/**
 * The header's bell: what clients did by themselves (online bookings, confirmations and
 * cancellations), live through the one read path, with the caller's unread count. The list's
 * code (the menu) loads on first use, as the user menu's does.
 */
export function NotificationBell({ businessId, initial, icon }: { businessId: string; initial: BellData; icon: React.ReactNode }) {
  const { data, revalidate } = useLive(liveKey(businessId, "notifications"), initial);
  const bell = data ?? initial;
  const label = bell.unread ? `${MSG.bell}, ${bell.unread} não ${bell.unread === 1 ? "lida" : "lidas"}` : MSG.bell;
  return (
    <LazyMenu
      menu={bellMenu.Suspending}
      preload={bellMenu.preload}
      trigger={{
        "aria-label": label,
        "data-testid": "notification-bell",
        className:
          "relative grid size-9 place-items-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        children: (
          <>
            {icon}
            {bell.unread > 0 && (
              <span aria-hidden className="absolute -right-0.5 -top-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-white">
                {bell.unread > 9 ? "9+" : bell.unread}
              </span>
            )}
          </>
        ),
      }}
      props={{ businessId, bell, onRead: revalidate }}
    />
  );
}
