import Link from "next/link";
import type { AppointmentsViewName } from "@/lib/appointments/view-choice";
import { cn } from "@/lib/cn";

const VIEWS: { view: AppointmentsViewName; label: string; href: string }[] = [
  { view: "cartoes", label: "Cartões", href: "/appointments?vista=cartoes" },
  { view: "grade", label: "Grade", href: "/appointments/grade" },
];

/** 'Cartões' / 'Grade': links (they work before the scripts load); the middleware remembers the choice. */
export function ViewToggle({ view }: { view: AppointmentsViewName }) {
  return (
    <nav aria-label="Visualização da agenda" className="inline-flex rounded-md border p-0.5">
      {VIEWS.map((v) => (
        <Link
          key={v.view}
          href={v.href}
          // Visiting a view is choosing it (the middleware remembers it): never fetched ahead.
          prefetch={false}
          aria-current={v.view === view ? "page" : undefined}
          className={cn(
            "inline-flex items-center rounded px-3 py-1.5 text-sm font-medium max-md:min-h-11 max-md:px-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            v.view === view ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {v.label}
        </Link>
      ))}
    </nav>
  );
}
