"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Eye } from "lucide";
import { ChevronLeft, ChevronRight, ScrollText } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data/data-table";
import { EmptyState } from "@/components/data/empty-state";
import { LoadError } from "@/components/data/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { iconSprite } from "@/components/ui/icon-sprite";
import { PageHeader } from "@/components/ui/page-header";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { preloadable } from "@/components/ui/preloadable";
import type { AuditLogRow, AuditLogsReport } from "@/lib/audit-logs/queries";
import {
  AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_MESSAGES, auditFilterParams, formatCursor, type AuditCursor, type AuditFilters,
} from "@/lib/audit-logs/schemas";
import { formatDateTimeSeconds } from "@/lib/core/format/date";
import { formatCount } from "@/lib/reports/figures";
import { AuditFiltersBar } from "./audit-filters";
import { actionVariant, userLabel } from "./labels";

const BASE = "/reports/audit-logs";

function pageHref(f: AuditFilters, dir: "after" | "before", at: AuditCursor): string {
  return `${BASE}?${new URLSearchParams({ ...auditFilterParams(f), [dir]: formatCursor(at) })}`;
}

type Props = { businessId: string; report: AuditLogsReport | null; filters: AuditFilters };

// Every row's 'Detalhes' icon, drawn once for the page.
const ROW_ICONS = iconSprite("audit-row", { details: Eye });

// The details dialog, what this page is for, is not in the first load: it loads once the page is idle.
const AuditDetailsDialog = preloadable(() => import("./audit-details-dialog").then((m) => m.AuditDetailsDialog), { whenIdle: true });

/** Logs de Auditoria: filters in the URL, newest first, keyset pages of 50, details, CSV of everything matching. */
export function AuditLogsView({ businessId, report, filters }: Props) {
  const [open, setOpen] = useState<AuditLogRow | null>(null);
  const detailsLoaded = useOpenedOnce(open !== null);
  const columns = useMemo<ColumnDef<AuditLogRow, unknown>[]>(
    () => [
      {
        id: "date",
        header: "Data/Hora",
        cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDateTimeSeconds(row.original.createdAt)}</time>,
        meta: { className: "whitespace-nowrap tabular-nums max-sm:order-3 max-sm:ml-auto max-sm:text-xs max-sm:text-muted-foreground" },
      },
      {
        id: "user",
        header: "Usuário",
        cell: ({ row }) => (
          <div className="sm:min-w-32">
            <p className="truncate font-medium max-sm:text-xs">{userLabel(row.original)}</p>
            {row.original.userName && row.original.userEmail && <p className="truncate text-xs text-muted-foreground">{row.original.userEmail}</p>}
          </div>
        ),
        meta: { className: "max-sm:order-5 max-sm:min-w-0 max-sm:flex-1" },
      },
      {
        id: "action",
        header: "Ação",
        cell: ({ row }) => <Badge variant={actionVariant(row.original.action)}>{AUDIT_ACTION_LABELS[row.original.action]}</Badge>,
        meta: { className: "max-sm:order-1" },
      },
      {
        id: "entity",
        header: "Entidade",
        cell: ({ row }) => AUDIT_ENTITY_LABELS[row.original.entity],
        meta: { className: "max-sm:order-2 max-sm:text-xs max-sm:font-medium" },
      },
      {
        id: "description",
        header: "Descrição",
        cell: ({ row }) => <p className="whitespace-pre-wrap break-words sm:min-w-48 sm:max-w-md">{row.original.description}</p>,
        meta: { className: "max-sm:order-4 max-sm:basis-full" },
      },
      {
        id: "details",
        header: () => <span className="sr-only">Detalhes</span>,
        cell: ({ row }) => (
          <Button variant="ghost" size="sm" onClick={() => setOpen(row.original)} aria-label={`Ver detalhes: ${row.original.description}`}>
            <ROW_ICONS.Icon name="details" />
            Detalhes
          </Button>
        ),
        meta: { className: "text-right max-sm:order-6 max-sm:-mr-2" },
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
            /* Phones: each entry is a card (a six-column table only scrolls sideways there). */
            <Card className="max-sm:border-0 max-sm:bg-transparent max-sm:shadow-none">
              <ROW_ICONS.Sprite />
              <DataTable stacked label="Logs de auditoria" columns={columns} data={report.page.items} rowId={(r) => r.id} empty={AUDIT_MESSAGES.empty} />
            </Card>
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
          {detailsLoaded && <AuditDetailsDialog log={open} onClose={() => setOpen(null)} />}
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
