import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";

/** One figure of a report: title, big value, a line saying what it counts. */
export function ReportStatCard({ title, value, note, icon: Icon, testId }: { title: string; value: string; note: string; icon: LucideIcon; testId: string }) {
  return (
    <Card data-testid={testId} className="p-4 sm:p-6">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium leading-tight text-muted-foreground">{title}</h2>
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>{value}</p>
      <p className="mt-1 text-xs text-muted-foreground" data-testid={`${testId}-note`}>{note}</p>
    </Card>
  );
}

/** The row of stat cards: 2 columns on phones, 4 on wide screens. */
export function ReportStats({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <section aria-label={label} className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {children}
    </section>
  );
}
