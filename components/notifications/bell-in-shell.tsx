import { Bell } from "lucide";
import { StaticIcon } from "@/components/ui/static-icon";
import { bellOf } from "@/lib/notifications/queries";
import { NotificationBell } from "./bell";

/** The bell as the shell renders it: its first count and list read with the page, on the server. */
export async function NotificationBellInShell({ businessId, userId }: { businessId: string; userId: string }) {
  const initial = await bellOf(businessId, userId).catch((e) => {
    console.error("[notificações] sino", e);
    return { unread: 0, items: [] };
  });
  return <NotificationBell businessId={businessId} initial={initial} icon={<StaticIcon icon={Bell} className="size-5" />} />;
}
