import { CalendarX2 } from "lucide-react";

/** The friendly 404 of the public pages: an unknown or switched-off address, an invalid private link. */
export function UnavailablePage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-12 text-center shadow-sm">
      <span className="grid size-14 place-items-center rounded-full bg-muted">
        <CalendarX2 aria-hidden className="size-7 text-muted-foreground" />
      </span>
      <h1 className="text-xl font-semibold">{title}</h1>
      <div className="grid max-w-sm gap-2 text-sm text-muted-foreground">{children}</div>
    </main>
  );
}
