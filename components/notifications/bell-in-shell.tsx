import { Bell } from "lucide";
import { HeaderBell } from "@/components/shell/user-menu";
import { StaticIcon } from "@/components/ui/static-icon";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { bellOf } from "@/lib/notifications/queries";
import type { AgendaScope } from "@/lib/appointments/visibility";
import { bellTrigger } from "./bell-trigger";

/**
 * The bell as the shell renders it: its first count and list read with the page, on the server, and
 * its button rendered here, so the browser's first load has none of its code (HeaderBell).
 */
/** `scope`: whose appointments the caller hears of (lib/appointments/visibility.ts). */
export async function NotificationBellInShell({ businessId, userId, scope, cursor }: { businessId: string; userId: string; scope: AgendaScope; cursor: Cursor }) {
  const initial = await bellOf(businessId, userId, undefined, scope).catch((e) => {
    console.error("[notificações] sino", e);
    return { unread: 0, items: [] };
  });
  const icon = <StaticIcon icon={Bell} className="size-5" />;
  return (
    <HeaderBell businessId={businessId} initial={initial} cursor={cursor} icon={icon}>
      <button type="button" aria-haspopup="menu" aria-expanded={false} {...bellTrigger(initial.unread, icon)} />
    </HeaderBell>
  );
}
