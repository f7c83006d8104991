"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Banknote, CheckCheck, Download, Filter, HandCoins } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { DataTable } from "@/components/data/data-table";
import { LoadError } from "@/components/data/load-error";
import { useHydrated } from "@/components/form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LazySelect } from "@/components/ui/lazy-select";
import { Spinner } from "@/components/ui/spinner";
import { ENTRY_KIND_LABELS, STATEMENT_MESSAGES as S } from "@/lib/commissions/messages";
import { formatRate } from "@/lib/commissions/rates";
import type { Statement, StatementEntry } from "@/lib/commissions/statement";
import { formatDate } from "@/lib/core/format/date";
import { formatCents } from "@/lib/core/format/money";
import { AdvanceDialog, PayoutDialog } from "./statement-dialogs";

type Pro = { id: string; name: string };
export type StatementQuery = { professional: string | null; from: string; to: string };

/** The statement's address: the page's path with ?professional=&from=&to=. */
function urlOf(path: string, q: StatementQuery) {
  const params = new URLSearchParams({ ...(q.professional ? { professional: q.professional } : {}), from: q.from, to: q.to });
  return `${path}?${params}`;
}

/** The CSV of the statement shown, for the business the page was rendered for. */
export function statementCsvHref(businessId: string, q: StatementQuery) {
  return `/api/commissions/statement/csv?${new URLSearchParams({ business: businessId, professional: q.professional ?? "", from: q.from, to: q.to })}`;
}

type Props = {
  businessId: string;
  /** The page the filters put in the URL ('/commissions' or '/my-commissions'). */
  path: string;
  query: StatementQuery;
  /** The owner's choice of professional; null: the employee's own statement (no choice, no writes). */
  professionals: Pro[] | null;
  /** Undefined: nobody chosen yet; null: it failed to load. */
  statement: Statement | null | undefined;
};

/** 'Extrato': a professional's entries for a period, the totals, what the salon keeps, and (owner) the vale and the payout. */
export function StatementCard({ businessId, path, query, professionals, statement }: Props) {
  const owner = professionals !== null;
  const [dialog, setDialog] = useState<"advance" | "paid" | null>(null);
  const done = () => setDialog(null);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{S.title}</CardTitle>
        <p className="text-sm text-muted-foreground">{owner ? S.description : S.descriptionOwn}</p>
      </CardHeader>
      <CardContent className="space-y-6">
        <StatementFilters path={path} query={query} professionals={professionals} />
        {statement === undefined ? (
          <p className="text-sm text-muted-foreground">{owner && professionals!.length === 0 ? S.noProfessionals : S.choose}</p>
        ) : statement === null ? (
          <LoadError title={S.loadError} />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <p className="mr-auto font-medium">
                {statement.professional.name} · {formatDate(statement.from)} a {formatDate(statement.to)}
              </p>
              {owner && (
                <>
                  <Button variant="outline" onClick={() => setDialog("advance")}><HandCoins aria-hidden />{S.advance}</Button>
                  <Button variant="outline" onClick={() => setDialog("paid")}><CheckCheck aria-hidden />{S.markPaid}</Button>
                </>
              )}
              <Button asChild variant="outline">
                <a href={statementCsvHref(businessId, { ...query, professional: statement.professional.id })} download>
                  <Download aria-hidden />
                  {S.exportCsv}
                </a>
              </Button>
            </div>
            {statement.payouts.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Pagamentos">
                {statement.payouts.map((p) => (
                  <li key={p.id} className="flex items-start gap-2 rounded-md border border-success/60 px-3 py-2 text-sm">
                    <Banknote className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    <span>
                      <strong>{S.paidOn(formatDate(p.paidOn))}</strong>
                      <span className="text-muted-foreground"> · {formatDate(p.periodStart)} a {formatDate(p.periodEnd)}: {formatCents(p.cents)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Totals statement={statement} owner={owner} />
            <DataTable columns={columns} data={statement.entries} empty={S.empty} label={S.entries} rowId={(r) => r.id} stacked />
            {owner && (
              <>
                <AdvanceDialog businessId={businessId} professional={statement.professional} open={dialog === "advance"} onDone={done} />
                <PayoutDialog businessId={businessId} professional={statement.professional} period={{ from: statement.from, to: statement.to }} due={statement.totals.due} open={dialog === "paid"} onDone={done} />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Totals({ statement, owner }: { statement: Statement; owner: boolean }) {
  const t = statement.totals;
  const items: [string, number, string?][] = [[S.commissions, t.commissions], [S.tips, t.tips], [S.advances, t.advances], [S.due, t.due]];
  if (owner) items.push([S.salonKeeps, statement.salonKeeps, S.salonKeepsHint]);
  return (
    <dl className={`grid grid-cols-2 gap-3 ${owner ? "sm:grid-cols-3 lg:grid-cols-5" : "sm:grid-cols-4"}`} aria-label="Totais">
      {items.map(([label, cents, hint]) => (
        <div key={label} className="rounded-md border p-3" title={hint}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className={`text-lg font-semibold tabular-nums ${label === S.due ? "text-primary" : ""}`}>{formatCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

const money = (cents: number) => <span className={cents < 0 ? "text-destructive" : undefined}>{formatCents(cents)}</span>;

const columns: ColumnDef<StatementEntry, unknown>[] = [
  { header: "Data", cell: ({ row }) => formatDate(row.original.occurredOn), meta: { className: "whitespace-nowrap max-sm:text-xs max-sm:text-muted-foreground" } },
  {
    header: "Descrição",
    cell: ({ row }) => (
      <span className="break-words">
        {/* A tip's and a vale's description already say what they are. */}
        {(row.original.kind === "service" || row.original.kind === "product") && <span className="text-muted-foreground">{ENTRY_KIND_LABELS[row.original.kind]} · </span>}
        {row.original.description}
        {row.original.reversal && <Badge variant="destructive-outline" className="ml-2">{S.reversal}</Badge>}
      </span>
    ),
    meta: { className: "max-w-80" },
  },
  { header: "Base", cell: ({ row }) => <Labelled label="Base">{money(row.original.baseCents)}</Labelled>, meta: { className: "text-right tabular-nums max-sm:text-left" } },
  { header: "Taxa", cell: ({ row }) => (row.original.rate ? <Labelled label="Taxa">{formatRate(row.original.rate)}</Labelled> : null), meta: { className: "text-right tabular-nums max-sm:text-left" } },
  { header: "Valor", cell: ({ row }) => <Labelled label="Valor"><strong>{money(row.original.cents)}</strong></Labelled>, meta: { className: "text-right tabular-nums max-sm:text-left" } },
];

/** On a phone the stacked row has no column headings: the cell says what it is. */
function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span>
      <span className="text-muted-foreground sm:sr-only">{label}: </span>
      {children}
    </span>
  );
}

/** The professional (owner) and the period; 'Ver extrato' puts them in the URL and the server reads. */
function StatementFilters({ path, query, professionals }: { path: string; query: StatementQuery; professionals: Pro[] | null }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(query);
  const [pending, startTransition] = useTransition();
  const ids = { pro: useId(), from: useId(), to: useId() };
  return (
    <form
      method="post"
      aria-label="Filtros do extrato"
      className={`grid gap-3 sm:items-end ${professionals ? "sm:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)_auto]" : "sm:grid-cols-[minmax(0,14rem)_minmax(0,14rem)_auto] sm:justify-start"}`}
      onSubmit={(e) => {
        e.preventDefault();
        startTransition(() => router.push(urlOf(path, draft), { scroll: false }));
      }}
    >
      {professionals ? (
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={ids.pro}>{S.professional}</Label>
          <LazySelect id={ids.pro} value={draft.professional ?? ""} onValueChange={(v) => setDraft((d) => ({ ...d, professional: v }))} options={professionals.map((p) => ({ value: p.id, label: p.name }))} />
        </div>
      ) : null}
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={ids.from}>De</Label>
        <Input id={ids.from} type="date" value={draft.from} required onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={ids.to}>Até</Label>
        <Input id={ids.to} type="date" value={draft.to} required min={draft.from} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
      </div>
      <Button type="submit" disabled={!hydrated || pending} aria-busy={pending || undefined}>
        {pending ? <Spinner /> : <Filter aria-hidden />}
        {S.show}
      </Button>
    </form>
  );
}
