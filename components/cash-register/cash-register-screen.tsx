"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ArrowDownToLine, ArrowUpFromLine, Lock, Wallet } from "lucide-react";
import { useState } from "react";
import { useLive } from "@/components/live/use-live";
import { DataTable } from "@/components/data/data-table";
import { EmptyState } from "@/components/data/empty-state";
import { LoadError } from "@/components/data/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { formatDateTime } from "@/lib/core/format/date";
import { formatCents } from "@/lib/core/format/money";
import { CASH_KIND_LABELS, CASH_METHOD_LABELS, CASH_MESSAGES as M } from "@/lib/cash-register/messages";
import type { CashMovementRow, CashRegisterData, ClosedRegister, OpenRegister } from "@/lib/cash-register/queries";
import { liveKey } from "@/lib/core/live/keys";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { CloseRegisterDialog, MovementDialog, OpenRegisterDialog } from "./cash-register-dialogs";

/** `initial`: the page's render (null: it failed); `cursor`: where its live updates start. */
type Props = { businessId: string; owner: boolean; initial: CashRegisterData | null; cursor: Cursor };
type Dialog = "open" | "withdrawal" | "deposit" | "close" | null;

const METHODS = ["cash", "pix", "debit", "credit"] as const;

/**
 * 'Caixa': the register open now (its expected totals and moves), the owner's open/close and past
 * closes. Live: a sangria at the desk shows on the owner's screen as it is made.
 */
export function CashRegisterScreen({ businessId, owner, initial, cursor }: Props) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data = initial ?? undefined } = useLive(initial ? liveKey(businessId, "cashRegister", {}) : null, initial ?? undefined, cursor);
  const open = data?.open ?? null;
  const actions = !data ? null : open ? (
    <>
      <Button variant="outline" onClick={() => setDialog("withdrawal")}><ArrowUpFromLine aria-hidden />{M.withdrawal}</Button>
      <Button variant="outline" onClick={() => setDialog("deposit")}><ArrowDownToLine aria-hidden />{M.deposit}</Button>
      {owner && <Button onClick={() => setDialog("close")}><Lock aria-hidden />{M.close}</Button>}
    </>
  ) : owner ? (
    <Button onClick={() => setDialog("open")}><Wallet aria-hidden />{M.open}</Button>
  ) : null;
  const done = () => setDialog(null);
  return (
    <>
      <PageHeader title={M.title} description="Fundo de troco, sangrias, suprimentos e o fechamento por forma de pagamento." actions={actions} />
      {!data ? (
        <LoadError title="Não foi possível carregar o caixa." />
      ) : open ? (
        <OpenRegisterCard register={open} />
      ) : (
        <Card>
          <CardContent>
            <EmptyState icon={Wallet} title={M.none} description={owner ? M.noneHint : M.noneEmployee} />
          </CardContent>
        </Card>
      )}
      {owner && data && <ClosedRegistersCard closed={data.closed} />}
      <OpenRegisterDialog businessId={businessId} open={dialog === "open"} onDone={done} />
      {open && (
        <>
          <MovementDialog businessId={businessId} registerId={open.id} kind="withdrawal" cash={open.expected.cash} open={dialog === "withdrawal"} onDone={done} />
          <MovementDialog businessId={businessId} registerId={open.id} kind="deposit" cash={open.expected.cash} open={dialog === "deposit"} onDone={done} />
          <CloseRegisterDialog businessId={businessId} register={open} open={dialog === "close"} onDone={done} />
        </>
      )}
    </>
  );
}

const movementColumns: ColumnDef<CashMovementRow, unknown>[] = [
  { header: "Quando", cell: ({ row }) => formatDateTime(row.original.at), meta: { className: "whitespace-nowrap max-sm:text-xs max-sm:text-muted-foreground" } },
  { header: "Tipo", cell: ({ row }) => `${CASH_KIND_LABELS[row.original.kind]}${row.original.kind === "payment" || row.original.kind === "reversal" ? ` · ${CASH_METHOD_LABELS[row.original.method]}` : ""}` },
  {
    header: "Valor",
    cell: ({ row }) => <span className={row.original.cents < 0 ? "text-destructive" : undefined}>{formatCents(row.original.cents)}</span>,
    meta: { className: "text-right tabular-nums max-sm:text-left" },
  },
  { header: M.reason, cell: ({ row }) => row.original.reason ?? "—", meta: { className: "max-w-64 break-words" } },
  { header: "Por", cell: ({ row }) => row.original.by ?? "—", meta: { className: "max-sm:text-xs max-sm:text-muted-foreground" } },
];

function OpenRegisterCard({ register }: { register: OpenRegister }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{M.opened}</CardTitle>
        <p className="text-sm text-muted-foreground">
          Desde {formatDateTime(register.openedAt)}{register.openedBy ? `, por ${register.openedBy}` : ""}. Fundo de troco: {formatCents(register.floatCents)}.
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {METHODS.map((m) => (
            <div key={m} className="rounded-md border p-3">
              <dt className="text-xs text-muted-foreground">{CASH_METHOD_LABELS[m]}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatCents(register.expected[m])}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="cash-movements" className="space-y-2">
          <h2 id="cash-movements" className="text-sm font-medium">{M.movements}</h2>
          <DataTable columns={movementColumns} data={register.movements} empty="Nenhuma movimentação." label={M.movements} rowId={(r) => r.id} stacked />
        </section>
      </CardContent>
    </Card>
  );
}

const closedColumns: ColumnDef<ClosedRegister, unknown>[] = [
  { header: "Fechado em", cell: ({ row }) => formatDateTime(row.original.closedAt), meta: { className: "whitespace-nowrap" } },
  { header: "Por", cell: ({ row }) => row.original.closedBy ?? "—" },
  ...METHODS.map((m): ColumnDef<ClosedRegister, unknown> => ({
    header: CASH_METHOD_LABELS[m],
    cell: ({ row }) => {
      const c = row.original.counts.find((x) => x.method === m)!;
      const diff = c.counted - c.expected;
      return (
        <span className="tabular-nums">
          <span className="max-sm:font-medium sm:sr-only">{CASH_METHOD_LABELS[m]}: </span>
          {formatCents(c.counted)}
          {diff !== 0 && <span className="block text-xs text-destructive">{M.difference} {formatCents(diff)}</span>}
        </span>
      );
    },
    meta: { className: "text-right max-sm:text-left" },
  })),
];

function ClosedRegistersCard({ closed }: { closed: ClosedRegister[] }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{M.closedList}</CardTitle>
      </CardHeader>
      <CardContent>
        <DataTable columns={closedColumns} data={closed} empty={M.noClosed} label={M.closedList} rowId={(r) => r.id} stacked />
      </CardContent>
    </Card>
  );
}
