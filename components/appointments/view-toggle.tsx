"use client";

import Link from "next/link";
import { cn } from "@/lib/cn";

/** The cookie that remembers the agenda's view on this device (read by app/(app)/appointments/page.tsx). */
export const AGENDA_VIEW_COOKIE = "agenda_vista";
export type AgendaViewName = "cartoes" | "grade";

const VIEWS: { view: AgendaViewName; label: string; href: string }[] = [
  { view: "cartoes", label: "Cartões", href: "/appointments?vista=cartoes" },
  { view: "grade", label: "Grade", href: "/appointments?vista=grade" },
];

/** 'Cartões' / 'Grade': links (they work before the scripts load); the choice is kept in a cookie. */
export function ViewToggle({ view }: { view: AgendaViewName }) {
  return (
    <nav aria-label="Visualização da agenda" className="inline-flex rounded-md border p-0.5">
      {VIEWS.map((v) => (
        <Link
          key={v.view}
          href={v.href}
          aria-current={v.view === view ? "page" : undefined}
          onClick={() => {
            document.cookie = `${AGENDA_VIEW_COOKIE}=${v.view}; path=/; max-age=31536000; samesite=lax`;
          }}
          className={cn(
            "rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            v.view === view ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {v.label}
        </Link>
      ))}
    </nav>
  );
}
