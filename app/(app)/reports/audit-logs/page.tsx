import type { Metadata } from "next";
import { AuditLogsView } from "@/components/audit-logs/audit-logs-view";
import { auditLogsReport } from "@/lib/audit-logs/queries";
import { auditFiltersFrom, auditNavFrom } from "@/lib/audit-logs/schemas";
import { requireBusinessPage } from "@/lib/auth/guards";
import type { SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/reports/audit-logs") };

export default async function AuditLogsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { business } = await requireBusinessPage("/reports/audit-logs");
  const sp = await searchParams;
  const filters = auditFiltersFrom(sp);
  const report = await loadOrNull("logs de auditoria", () => auditLogsReport(business.id, filters, auditNavFrom(sp)));
  return <AuditLogsView businessId={business.id} report={report} filters={filters} />;
}
