"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/data/data-table";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { COMANDA_MESSAGES as M, COMANDA_SCREEN as S } from "@/lib/comandas/messages";
import type { Comanda, ComandaLineRow, ComandaPaymentRow } from "@/lib/comandas/queries";
import { PAYMENT_METHODS, type LineFigures } from "@/lib/comandas/rules/totals";
import { formatDateTime } from "@/lib/core/format/date";
import { formatCents } from "@/lib/core/format/money";
import { Figures } from "./figures";

type Props = { comanda: Comanda; professionals: { id: string; name: string }[] };
type Line = ComandaLineRow & { figures: LineFigures; professional: string };

/** A cell's column name, said on a phone (where the stacked rows have no header). */
export const phoneLabel = (text: string) => <span className="font-medium sm:sr-only">{text}: </span>;

/** A closed or reversed comanda, read-only: its lines, figures, tips, payments (and reversal rows), who closed and reversed it. */
export function ComandaSummary({ comanda: k, professionals }: Props) {
  const nameOf = (id: string | null) => (id ? (k.professionalNames[id] ?? professionals.find((p) => p.id === id)?.name ?? "—") : "—");
  const lines: Line[] = k.lines.map((l, i) => ({ ...l, figures: k.figures.lines[i], professional: nameOf(l.professionalId) }));
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{M.lines}</CardTitle>
          </CardHeader>
          <CardContent>
            <DataTable columns={lineColumns} data={lines} empty={M.noLines} label={M.lines} rowId={(r) => r.id} stacked />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{M.payments}</CardTitle>
          </CardHeader>
          <CardContent>
            <DataTable columns={paymentColumns} data={k.payments} empty={S.noPayments} label={M.payments} rowId={(r) => r.id} stacked />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <Figures figures={k.figures} />
          {k.tips.length > 0 && (
            <section aria-labelledby="comanda-tips" className="grid gap-1 text-sm">
              <h2 id="comanda-tips" className="font-medium">{M.tips}</h2>
              <ul className="grid gap-1">
                {k.tips.map((t) => (
                  <li key={t.professionalId} className="flex justify-between gap-4">
                    <span>{nameOf(t.professionalId)}</span>
                    <span className="tabular-nums">{formatCents(t.cents)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="grid gap-1 border-t pt-3 text-sm text-muted-foreground">
            {k.closedAt && <p>{S.closedBy(formatDateTime(k.closedAt), k.closedBy)}</p>}
            {k.reversedAt && <p>{S.reversedBy(formatDateTime(k.reversedAt), k.reversedBy)}</p>}
            {k.reversalReason && (
              <p className="break-words text-foreground">
                <span className="font-medium">{M.reason}:</span> {k.reversalReason}
              </p>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function discountText(l: Line) {
  const off = l.figures.lineDiscount + l.figures.sharedDiscount;
  return off ? formatCents(-off) : "—";
}

const lineColumns: ColumnDef<Line, unknown>[] = [
  {
    header: "Item",
    cell: ({ row }) => (
      <span className="font-medium">
        {row.original.name}
        <span className="block text-xs font-normal text-muted-foreground">{row.original.kind === "service" ? M.service : M.product}</span>
      </span>
    ),
    meta: { className: "max-sm:basis-full" },
  },
  { header: M.professional, cell: ({ row }) => <>{phoneLabel(M.professional)}{row.original.professional}</>, meta: { className: "max-sm:basis-full" } },
  { header: M.quantity, cell: ({ row }) => <>{phoneLabel(M.quantity)}{row.original.quantity}</>, meta: { className: "text-right tabular-nums max-sm:text-left" } },
  { header: "Preço", cell: ({ row }) => <>{phoneLabel("Preço")}{formatCents(row.original.unitCents)}</>, meta: { className: "text-right tabular-nums max-sm:text-left" } },
  { header: M.discount, cell: ({ row }) => <>{phoneLabel(M.discount)}{discountText(row.original)}</>, meta: { className: "text-right tabular-nums max-sm:text-left" } },
  {
    header: S.lineTotal,
    cell: ({ row }) => <>{phoneLabel(S.lineTotal)}{formatCents(row.original.figures.net)}</>,
    meta: { className: "text-right font-medium tabular-nums max-sm:basis-full max-sm:text-left" },
  },
];

function methodText(p: ComandaPaymentRow) {
  const card = [p.cardBrand, p.method === "credit" && p.instalments ? S.instalmentsN(p.instalments) : null].filter(Boolean).join(", ");
  const label = `${PAYMENT_METHODS[p.method]}${card ? ` (${card})` : ""}`;
  return p.reversal ? `${S.reversal} · ${label}` : label;
}

const paymentColumns: ColumnDef<ComandaPaymentRow, unknown>[] = [
  { header: M.method, cell: ({ row }) => <span className={row.original.reversal ? "text-destructive" : undefined}>{methodText(row.original)}</span> },
  {
    header: "Valor",
    cell: ({ row }) => <span className={row.original.reversal ? "text-destructive" : undefined}>{formatCents(row.original.cents)}</span>,
    meta: { className: "text-right tabular-nums max-sm:text-left" },
  },
];
