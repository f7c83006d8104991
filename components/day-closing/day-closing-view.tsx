"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Download, Filter } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { DataTable } from "@/components/data/data-table";
import { LoadError } from "@/components/data/load-error";
import { useHydrated } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { formatLongDate } from "@/lib/core/format/date";
import { formatCents } from "@/lib/core/format/money";
import { DAY_CLOSING_MESSAGES as M, METHOD_LABELS } from "@/lib/day-closing/messages";
import type { DayClosing, ProfessionalDay } from "@/lib/day-closing/queries";

const METHODS = ["cash", "pix", "debit", "credit", "client_credit", "debt"] as const;

const money = (cents: number) => <span className={cents < 0 ? "text-destructive" : undefined}>{formatCents(cents)}</span>;

/** On a phone the stacked row has no column headings: the cell says what it is. */
const labelled = (label: string, cents: number) => (
  <span className="tabular-nums">
    <span className="text-muted-foreground sm:sr-only">{label}: </span>
    {money(cents)}
  </span>
);
const right = { className: "text-right tabular-nums max-sm:text-left" };

const columns: ColumnDef<ProfessionalDay, unknown>[] = [
  { header: "Profissional", cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
  { header: M.services, cell: ({ row }) => labelled(M.services, row.original.services), meta: right },
  { header: M.products, cell: ({ row }) => labelled(M.products, row.original.products), meta: right },
  { header: M.tips, cell: ({ row }) => labelled(M.tips, row.original.tips), meta: right },
  { header: M.commissions, cell: ({ row }) => labelled(M.commissions, row.original.commissions), meta: right },
];

/** 'Fechamento do dia': a day's comandas per payment method and per professional, and their CSV. */
export function DayClosingView({ businessId, date, report }: { businessId: string; date: string; report: DayClosing | null }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(date);
  const [pending, startTransition] = useTransition();
  const id = useId();
  const csv = `/api/reports/day-closing/csv?${new URLSearchParams({ business: businessId, date })}`;
  return (
    <>
      <PageHeader
        title={M.title}
        description={M.description}
        actions={
          <Button asChild variant="outline">
            <a href={csv} download>
              <Download aria-hidden />
              {M.exportCsv}
            </a>
          </Button>
        }
      />
      <Card className="mb-4 p-4 sm:p-6">
        <form
          method="post"
          aria-label="Escolher o dia"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            startTransition(() => router.push(`/reports/day-closing?date=${draft}`, { scroll: false }));
          }}
        >
          <div className="grid min-w-0 flex-1 gap-2 sm:max-w-56">
            <Label htmlFor={id}>{M.date}</Label>
            <Input id={id} type="date" value={draft} required onChange={(e) => setDraft(e.target.value)} />
          </div>
          <Button type="submit" disabled={!hydrated || pending} aria-busy={pending || undefined}>
            {pending ? <Spinner /> : <Filter aria-hidden />}
            {M.show}
          </Button>
        </form>
      </Card>
      {!report ? (
        <LoadError title={M.loadError} />
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-muted-foreground first-letter:uppercase">
            {formatLongDate(report.date)}: {report.closed} {report.closed === 1 ? "comanda fechada" : "comandas fechadas"}
            {report.reversed > 0 && `, ${report.reversed} ${report.reversed === 1 ? "estornada" : "estornadas"}`}.
          </p>
          <Card>
            <CardHeader>
              <CardTitle>{M.byMethod}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-label={M.byMethod}>
                {METHODS.map((m) => (
                  <div key={m} className="rounded-md border p-3">
                    <dt className="text-xs text-muted-foreground">{METHOD_LABELS[m]}</dt>
                    <dd className="text-lg font-semibold tabular-nums">{money(report.methods[m])}</dd>
                  </div>
                ))}
                <div className="rounded-md border border-primary/50 bg-primary/5 p-3">
                  <dt className="text-xs text-muted-foreground">{M.total}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{money(report.total)}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{M.byProfessional}</CardTitle>
            </CardHeader>
            <CardContent>
              <DataTable columns={columns} data={report.professionals} empty={M.empty} label={M.byProfessional} rowId={(r) => r.professionalId ?? "none"} stacked />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
