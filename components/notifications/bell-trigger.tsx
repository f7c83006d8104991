import type { MenuTrigger } from "@/components/ui/lazy-menu";
import { bellLabel } from "@/lib/notifications/bell-label";

/** The bell's button, the same before its code loads (bell-slot.tsx) and after (bell.tsx). */
export function bellTrigger(unread: number, icon: React.ReactNode): MenuTrigger {
  return {
    "aria-label": bellLabel(unread),
    "data-testid": "notification-bell",
    className:
      "relative grid size-9 place-items-center rounded-full max-md:size-11 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    children: (
      <>
        {icon}
        {unread > 0 && (
          <span aria-hidden className="absolute -right-0.5 -top-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-white">
            {unread > 9 ? "9+" : unread}
          </span>
        )}
      </>
    ),
  };
}
