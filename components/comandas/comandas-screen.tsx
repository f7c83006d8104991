"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Plus, Receipt } from "lucide-react";
import { useState } from "react";
import { DataTable } from "@/components/data/data-table";
import { EmptyState } from "@/components/data/empty-state";
import { LoadError } from "@/components/data/load-error";
import { useLive } from "@/components/live/use-live";
import { IntentLink } from "@/components/shell/intent-link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { COMANDA_MESSAGES as M, COMANDA_SCREEN as S } from "@/lib/comandas/messages";
import type { ComandaListRow, ComandasList } from "@/lib/comandas/queries";
import { formatDate, formatDateTime } from "@/lib/core/format/date";
import { formatCents } from "@/lib/core/format/money";
import { liveKey } from "@/lib/core/live/keys";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { phoneLabel } from "./comanda-summary";
import { ComandaStatusBadge } from "./status-badge";

// The dialog (react-hook-form, zod, the client search) is not in the first load: it loads once the page is idle.
const NewSaleDialog = preloadable(() => import("./new-sale-dialog").then((m) => m.NewSaleDialog), { whenIdle: true });

/** `initial`: the page's render (null: it failed); `cursor`: where its live updates start. */
type Props = { businessId: string; initial: ComandasList | null; cursor: Cursor };

/** 'Comandas': the open ones (each to its page), the last closed, and 'Nova venda'. Live. */
export function ComandasScreen({ businessId, initial, cursor }: Props) {
  const [selling, setSelling] = useState(false);
  const saleLoaded = useOpenedOnce(selling);
  const { data = initial ?? undefined } = useLive(initial ? liveKey(businessId, "comandas", {}) : null, initial ?? undefined, cursor);
  return (
    <>
      <PageHeader
        title={M.title}
        description={S.description}
        actions={
          <Button onClick={() => setSelling(true)}>
            <Plus aria-hidden />
            {M.newSale}
          </Button>
        }
      />
      {!data ? (
        <LoadError title={M.loadError} />
      ) : (
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{S.openList}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.open.length === 0 ? (
                <EmptyState icon={Receipt} title={M.noneOpen} description={M.noneOpenHint} />
              ) : (
                <DataTable columns={openColumns} data={data.open} empty={M.noneOpen} label={S.openList} rowId={(r) => r.id} stacked />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{M.recent}</CardTitle>
            </CardHeader>
            <CardContent>
              <DataTable columns={recentColumns} data={data.recent} empty={S.noRecent} label={M.recent} rowId={(r) => r.id} stacked />
            </CardContent>
          </Card>
        </div>
      )}
      {saleLoaded && <NewSaleDialog businessId={businessId} open={selling} onOpenChange={setSelling} />}
    </>
  );
}

/** The comanda's name in a list: its client, or 'Sem cliente', linking to its page. */
function ClientLink({ row }: { row: ComandaListRow }) {
  return (
    <IntentLink href={`/comandas/${row.id}`} className="font-medium text-primary underline-offset-4 hover:underline max-sm:text-base">
      {row.clientName ?? M.noClient}
    </IntentLink>
  );
}

const visit = (r: ComandaListRow) => (r.appointmentDate && r.appointmentTime ? `${formatDate(r.appointmentDate)} às ${r.appointmentTime}` : M.walkIn);
const items = (n: number) => (n === 1 ? "1 item" : `${n} itens`);

const openColumns: ColumnDef<ComandaListRow, unknown>[] = [
  { header: S.client, cell: ({ row }) => <ClientLink row={row.original} /> },
  { header: S.appointment, cell: ({ row }) => visit(row.original) },
  { header: M.lines, cell: ({ row }) => items(row.original.lines), meta: { className: "whitespace-nowrap" } },
  {
    header: S.openedAt,
    cell: ({ row }) => <>{phoneLabel(S.openedAt)}{formatDateTime(row.original.openedAt)}</>,
    meta: { className: "whitespace-nowrap max-sm:text-xs max-sm:text-muted-foreground" },
  },
];

const recentColumns: ColumnDef<ComandaListRow, unknown>[] = [
  { header: S.client, cell: ({ row }) => <ClientLink row={row.original} /> },
  { header: S.status, cell: ({ row }) => <ComandaStatusBadge status={row.original.status} /> },
  {
    header: M.total,
    cell: ({ row }) => <>{phoneLabel(M.total)}{formatCents(row.original.totalCents ?? 0)}</>,
    meta: { className: "text-right tabular-nums max-sm:text-left" },
  },
  {
    header: S.closedAt,
    cell: ({ row }) => (row.original.closedAt ? <>{phoneLabel(S.closedAt)}{formatDateTime(row.original.closedAt)}</> : "—"),
    meta: { className: "whitespace-nowrap max-sm:text-xs max-sm:text-muted-foreground" },
  },
];
