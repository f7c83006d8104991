import type { Metadata } from "next";
import { ClientsReportView } from "@/components/clients-report/clients-report-view";
import { requireBusinessPage } from "@/lib/auth/guards";
import { clientsReport } from "@/lib/clients-report/queries";
import { listParams, type SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/reports/clients") };

export default async function ClientsReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { business } = await requireBusinessPage("/reports/clients");
  const { q, page } = listParams(await searchParams);
  const report = await loadOrNull("relatório de clientes", () => clientsReport(business.id, { q, page }));
  return <ClientsReportView report={report} q={q} />;
}
