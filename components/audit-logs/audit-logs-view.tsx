"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ChevronLeft, ChevronRight, Eye, ScrollText } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data/data-table";
import { EmptyState } from "@/components/data/empty-state";
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
          {report.page.items.length === 0 ? (
            <Card>
              <EmptyState icon={ScrollText} title={AUDIT_MESSAGES.empty} description="Mude ou limpe os filtros para ver outros registros." />
            </Card>
          ) : (
            <>
              <Card className="max-sm:hidden">
                <DataTable label="Logs de auditoria" columns={columns} data={report.page.items} rowId={(r) => r.id} empty={AUDIT_MESSAGES.empty} />
              </Card>
              {/* Phones: the same entries as cards (a six-column table only scrolls sideways there). */}
              <AuditLogCards items={report.page.items} onDetails={setOpen} />
            </>
          )}
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

function AuditLogCards({ items, onDetails }: { items: AuditLogRow[]; onDetails: (log: AuditLogRow) => void }) {
  return (
    <ul role="list" aria-label="Logs de auditoria" className="grid gap-3 sm:hidden">
      {items.map((log) => (
        <li key={log.id}>
          <Card className="grid gap-2 p-4">
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <Badge variant={actionVariant(log.action)}>{AUDIT_ACTION_LABELS[log.action]}</Badge>
              <span className="font-medium">{AUDIT_ENTITY_LABELS[log.entity]}</span>
              <time dateTime={log.createdAt} className="ml-auto tabular-nums text-muted-foreground">
                {formatDateTimeSeconds(log.createdAt)}
              </time>
            </div>
            <p className="whitespace-pre-wrap break-words text-sm">{log.description}</p>
            <div className="flex items-center justify-between gap-2">
              <p className="min-w-0 truncate text-xs text-muted-foreground">{userLabel(log)}</p>
              <Button variant="ghost" size="sm" className="-mr-2 shrink-0" onClick={() => onDetails(log)} aria-label={`Ver detalhes: ${log.description}`}>
                <Eye aria-hidden />
                Detalhes
              </Button>
            </div>
          </Card>
        </li>
      ))}
    </ul>
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
