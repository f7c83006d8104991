import { COMANDA_MESSAGES as M } from "@/lib/comandas/messages";
import type { BillFigures } from "@/lib/comandas/rules/totals";
import { formatCents } from "@/lib/core/format/money";
import { cn } from "@/lib/cn";

/** 'Subtotal', 'Descontos', 'Gorjetas' and 'Total' of a bill (typed or saved). */
export function Figures({ figures, className }: { figures: BillFigures; className?: string }) {
  const rows = [
    [M.subtotal, formatCents(figures.subtotal)],
    [M.discounts, figures.discounts ? formatCents(-figures.discounts) : formatCents(0)],
    [M.tips, formatCents(figures.tips)],
  ] as const;
  return (
    <dl className={cn("grid gap-1 text-sm", className)} data-testid="comanda-figures">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t pt-2 text-base font-semibold">
        <dt>{M.total}</dt>
        <dd className="tabular-nums">{formatCents(figures.total)}</dd>
      </div>
    </dl>
  );
}
