"use client";

import { useCallback, useState } from "react";
import { useLive } from "@/components/live/use-live";
import { LazyMenu } from "@/components/ui/lazy-menu";
import { preloadable } from "@/components/ui/preloadable";
import { liveKey } from "@/lib/core/live/keys";
import type { Cursor } from "@/lib/core/realtime/cursor";
import type { Bell } from "@/lib/notifications/queries";
import { bellTrigger } from "./bell-trigger";

const bellMenu = preloadable(() => import("./bell-menu").then((m) => m.default));

export type BellProps = { businessId: string; initial: Bell; icon: React.ReactNode; cursor: Cursor };

/**
 * The live bell: what clients did by themselves (online bookings, confirmations, cancellations)
 * with the caller's unread count, through the one read path (the `notifications` read), caught up
 * from the page's render cursor. Its list's code loads on first use. `open`: opened by a click
 * that came before this code (the header's HeaderBell).
 */
export function NotificationBell({ businessId, initial, icon, cursor, open }: BellProps & { open: boolean }) {
  const { data, revalidate } = useLive(liveKey(businessId, "notifications"), initial, cursor);
  const bell = data ?? initial;
  const [openAtStart] = useState(open);
  const onRead = useCallback(async (): Promise<void> => {
    await revalidate();
  }, [revalidate]);
  return (
    <LazyMenu
      menu={bellMenu.Suspending}
      preload={bellMenu.preload}
      trigger={bellTrigger(bell.unread, icon)}
      props={{ businessId, bell, onRead }}
      open={openAtStart}
    />
  );
}
