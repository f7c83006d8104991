"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ChevronLeft, ChevronRight, Eye } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data/data-table";
import { LoadError } from "@/components/data/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import type { AuditLogRow, AuditLogsReport } from "@/lib/audit-logs/queries";
import {
  AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_MESSAGES, auditFilterParams, formatCursor, type AuditCursor, type AuditFilters,
} from "@/lib/audit-logs/schemas";
import { formatDateTimeSeconds } from "@/lib/format/date";
import { formatCount } from "@/lib/reports/figures";
import { AuditDetailsDialog } from "./audit-details-dialog";
import { AuditFiltersBar } from "./audit-filters";
import { actionVariant, userLabel } from "./labels";

const BASE = "/reports/audit-logs";

function pageHref(f: AuditFilters, dir: "after" | "before", at: AuditCursor): string {
  return `${BASE}?${new URLSearchParams({ ...auditFilterParams(f), [dir]: formatCursor(at) })}`;
}

type Props = { businessId: string; report: AuditLogsReport | null; filters: AuditFilters };

/** Logs de Auditoria: filters in the URL, newest first, keyset pages of 50, details, CSV of everything matching. */
export function AuditLogsView({ businessId, report, filters }: Props) {
  const [open, setOpen] = useState<AuditLogRow | null>(null);
  const columns = useMemo<ColumnDef<AuditLogRow, unknown>[]>(
    () => [
      {
        id: "date",
        header: "Data/Hora",
        cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDateTimeSeconds(row.original.createdAt)}</time>,
        meta: { className: "whitespace-nowrap tabular-nums" },
      },
      {
        id: "user",
        header: "Usuário",
        cell: ({ row }) => (
          <div className="min-w-32">
            <p className="font-medium">{userLabel(row.original)}</p>
            {row.original.userName && row.original.userEmail && <p className="text-xs text-muted-foreground">{row.original.userEmail}</p>}
          </div>
        ),
      },
      {
        id: "action",
        header: "Ação",
        cell: ({ row }) => <Badge variant={actionVariant(row.original.action)}>{AUDIT_ACTION_LABELS[row.original.action]}</Badge>,
      },
      { id: "entity", header: "Entidade", cell: ({ row }) => AUDIT_ENTITY_LABELS[row.original.entity] },
      {
        id: "description",
        header: "Descrição",
        cell: ({ row }) => <p className="min-w-48 max-w-md whitespace-pre-wrap break-words">{row.original.description}</p>,
      },
      {
        id: "details",
        header: () => <span className="sr-only">Detalhes</span>,
        cell: ({ row }) => (
          <Button variant="ghost" size="sm" onClick={() => setOpen(row.original)} aria-label={`Ver detalhes: ${row.original.description}`}>
            <Eye aria-hidden />
            Detalhes
          </Button>
        ),
        meta: { className: "text-right" },
      },
    ],
    [],
  );

  return (
    <>
      <PageHeader title={AUDIT_MESSAGES.title} description={AUDIT_MESSAGES.subtitle} />
      {!report ? (
        <LoadError title={AUDIT_MESSAGES.loadError} description={AUDIT_MESSAGES.loadErrorDescription} />
      ) : (
        <>
          <AuditFiltersBar key={JSON.stringify(filters)} businessId={businessId} applied={filters} users={report.users} />
          <Card>
            <DataTable label="Logs de auditoria" columns={columns} data={report.page.items} rowId={(r) => r.id} empty={AUDIT_MESSAGES.empty} />
          </Card>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
            <p data-testid="list-total">
              {formatCount(report.total)} {report.total === 1 ? "registro" : "registros"}
            </p>
            {(report.page.newer || report.page.older) && (
              <nav aria-label="Paginação" className="flex gap-2">
                <PageLink href={report.page.newer && pageHref(filters, "before", report.page.newer)} rel="prev">
                  <ChevronLeft aria-hidden /> Mais recentes
                </PageLink>
                <PageLink href={report.page.older && pageHref(filters, "after", report.page.older)} rel="next">
                  Mais antigos <ChevronRight aria-hidden />
                </PageLink>
              </nav>
            )}
          </div>
          <AuditDetailsDialog log={open} onClose={() => setOpen(null)} />
        </>
      )}
    </>
  );
}

function PageLink({ href, rel, children }: { href: string | null; rel: string; children: React.ReactNode }) {
  if (!href) {
    return (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={href} rel={rel} scroll={false}>
        {children}
      </Link>
    </Button>
  );
}
