import { JobQueueCard } from "@/components/admin/job-queue";
import { OverviewCards } from "@/components/admin/overview-cards";
import { PageHeader } from "@/components/ui/page-header";
import { getOverview, jobQueueStatus } from "@/lib/admin/queries";
import { requirePage } from "@/lib/auth/guards";

export default async function AdminOverviewPage() {
  await requirePage("/admin");
  const [overview, jobs] = await Promise.all([getOverview(), jobQueueStatus()]);
  return (
    <>
      <PageHeader title="Visão Geral" description="Resumo da plataforma: negócios, usuários e receita." />
      <OverviewCards overview={overview} />
      <JobQueueCard status={jobs} />
    </>
  );
}
