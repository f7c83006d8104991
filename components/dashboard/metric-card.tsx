import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";

type Props = { icon: LucideIcon; label: string; value: string; hint?: string; /** 0–100: a bar under the value. */ progress?: number };

/** One figure of the dashboard: its label, the value large, a line of context. */
export function MetricCard({ icon: Icon, label, value, hint, progress }: Props) {
  return (
    <Card className="flex min-w-0 flex-col gap-1 p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium leading-tight text-muted-foreground">{label}</h2>
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </div>
      <p className="truncate text-xl font-semibold tabular-nums md:text-2xl" title={value}>
        {value}
      </p>
      {progress !== undefined && (
        <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-1.5 overflow-hidden rounded-full bg-muted">
          <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(100, Math.max(0, progress))}%` }} />
        </div>
      )}
      {hint && <p className="truncate text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}
