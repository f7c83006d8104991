"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { DataTable } from "@/components/data/data-table";
import { LoadError } from "@/components/data/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { COMMISSION_MESSAGES as M, STATEMENT_MESSAGES as S } from "@/lib/commissions/messages";
import type { CommissionRow } from "@/lib/commissions/queries";
import { formatRate } from "@/lib/commissions/rates";
import { CommissionDialog } from "./commission-dialog";
import { CardFeesDialog } from "./statement-dialogs";

/** 'Comissões': each professional's rates, edited by the owner in 'Comissão de …'. */
type Props = { businessId: string; rows: CommissionRow[] | null; fees: { debit: number; credit: number } | null; children?: React.ReactNode };

export function CommissionsScreen({ businessId, rows, fees, children }: Props) {
  const [editing, setEditing] = useState<CommissionRow | null>(null);
  const [editingFees, setEditingFees] = useState(false);
  const columns: ColumnDef<CommissionRow, unknown>[] = [
    {
      header: "Profissional",
      cell: ({ row }) => (
        <span className="font-medium">
          {row.original.name}
          {!row.original.active && <span className="ml-2 text-xs font-normal text-muted-foreground">Inativo</span>}
        </span>
      ),
    },
    { header: M.services, cell: ({ row }) => (row.original.rule ? <Labelled label={M.services} text={formatRate(row.original.rule.services)} /> : <span className="text-muted-foreground">{M.none}</span>) },
    { header: M.products, cell: ({ row }) => (row.original.rule ? <Labelled label={M.products} text={formatRate(row.original.rule.products)} /> : null) },
    {
      header: "Detalhes",
      cell: ({ row }) => {
        const r = row.original;
        const own = r.services.filter((s) => s.override).length;
        const parts = [r.rule?.base === "net_of_card_fee" ? "Descontada a taxa do cartão" : null, own ? `${own} ${own === 1 ? "exceção" : "exceções"} por serviço` : null].filter(Boolean);
        return <span className="text-sm text-muted-foreground">{parts.join(" · ")}</span>;
      },
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Ações</span>,
      cell: ({ row }) => (
        <Button variant="outline" size="sm" onClick={() => setEditing(row.original)} aria-label={M.edit(row.original.name)}>
          Editar
        </Button>
      ),
      meta: { className: "text-right max-sm:text-left" },
    },
  ];
  return (
    <>
      <PageHeader title={M.title} description={M.description} />
      {rows ? (
        <Card>
          <CardContent>
            <DataTable columns={columns} data={rows} empty={M.empty} label={M.title} rowId={(r) => r.professionalId} stacked />
          </CardContent>
        </Card>
      ) : (
        <LoadError title={M.loadError} />
      )}
      {fees && (
        <Card className="mt-6">
          <CardContent className="flex flex-wrap items-center gap-x-4 gap-y-2 pt-6">
            <div className="mr-auto">
              <h2 className="font-semibold">{S.cardFees}</h2>
              <p className="text-sm text-muted-foreground">
                Débito {formatRate({ kind: "percent", rate: fees.debit })} · Crédito {formatRate({ kind: "percent", rate: fees.credit })}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setEditingFees(true)} aria-label={`Editar ${S.cardFees.toLowerCase()}`}>
              Editar
            </Button>
          </CardContent>
        </Card>
      )}
      {children}
      <CommissionDialog businessId={businessId} row={editing} onDone={() => setEditing(null)} />
      {fees && <CardFeesDialog businessId={businessId} fees={fees} open={editingFees} onDone={() => setEditingFees(false)} />}
    </>
  );
}

/** On a phone the stacked row has no column headings: the cell says what it is. */
function Labelled({ label, text }: { label: string; text: string }) {
  return (
    <span className="tabular-nums">
      <span className="text-muted-foreground sm:sr-only">{label}: </span>
      {text}
    </span>
  );
}
