"use client";

import Link from "next/link";
import { toast } from "sonner";
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useWrite } from "@/components/live/use-write";
import type { MenuTrigger } from "@/components/ui/lazy-menu";
import { cn } from "@/lib/cn";
import { markNotificationsReadAction } from "@/lib/notifications/actions";
import { bellHref, bellLine, timeAgo } from "@/lib/notifications/bell-text";
import { NOTIFICATION_MESSAGES as MSG } from "@/lib/notifications/messages";
import type { Bell } from "@/lib/notifications/queries";

/** The bell's list: each event opens its day on the agenda (messages not sent, Meus Dados); 'Marcar todas como lidas'. */
export default function BellMenu({ businessId, bell, onRead, trigger }: { businessId: string; bell: Bell; onRead: () => Promise<void>; trigger: MenuTrigger }) {
  const markAllRead = useWrite(markNotificationsReadAction);
  async function markRead() {
    const r = await markAllRead({ businessId });
    if (!r.ok) toast.error(r.error, { description: r.description });
    await onRead();
  }
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))]">
        <DropdownMenuLabel className="flex items-center justify-between gap-2">
          <span>Notificações</span>
          {bell.unread > 0 && <span className="text-xs font-normal text-muted-foreground">{bell.unread} não {bell.unread === 1 ? "lida" : "lidas"}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {bell.items.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">{MSG.empty}</p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto">
            {bell.items.map((n) => (
              <DropdownMenuItem key={n.id} asChild className="items-start">
                <Link href={bellHref(n)} prefetch={false} data-unread={n.unread || undefined}>
                  <span aria-hidden className={cn("mt-1.5 size-2 shrink-0 rounded-full", n.unread ? "bg-primary" : "bg-transparent")} />
                  <span className="grid min-w-0 gap-0.5">
                    <span className={cn("text-sm", n.unread && "font-medium")}>{bellLine(n)}</span>
                    <span className="text-xs text-muted-foreground">
                      {timeAgo(n.createdAt)}
                      {n.unread && <span className="sr-only"> · não lida</span>}
                    </span>
                  </span>
                </Link>
              </DropdownMenuItem>
            ))}
          </div>
        )}
        {bell.unread > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void markRead()} className="justify-center text-primary">
              {MSG.markAllRead}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
