import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** One figure of a report: title, big value, a line saying what it counts. */
export function ReportStatCard({ title, value, note, icon: Icon, testId }: { title: string; value: string; note: string; icon: LucideIcon; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>{value}</p>
        <p className="mt-1 text-xs text-muted-foreground" data-testid={`${testId}-note`}>{note}</p>
      </CardContent>
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
