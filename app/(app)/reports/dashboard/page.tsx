import type { Metadata } from "next";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { LoadError } from "@/components/data/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { requireBusinessPage } from "@/lib/auth/guards";
import { dashboardStats } from "@/lib/dashboard/queries";
import { DASHBOARD_MESSAGES as MSG } from "@/lib/dashboard/messages";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";
import { todayInBusiness } from "@/lib/core/time/business-time";

export const metadata: Metadata = { title: titleOf("/reports/dashboard") };

export default async function DashboardPage() {
  // Owners only (lib/routes.ts): the guard sends anyone else away before anything is read.
  const { ctx, business } = await requireBusinessPage("/reports/dashboard");
  const stats = await loadOrNull("dashboard", () => dashboardStats(business.id, todayInBusiness()));
  if (!stats) {
    return (
      <>
        <PageHeader title="Dashboard" description={`Visão geral de ${business.name}`} />
        <LoadError title={MSG.loadError} />
      </>
    );
  }
  return <DashboardView key={business.id} businessId={business.id} businessName={business.name} initial={stats} cursor={ctx.cursor} />;
}
