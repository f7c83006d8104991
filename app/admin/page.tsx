import { OverviewCards } from "@/components/admin/overview-cards";
import { PageHeader } from "@/components/ui/page-header";
import { getOverview } from "@/lib/admin/queries";
import { requirePage } from "@/lib/auth/guards";

export default async function AdminOverviewPage() {
  await requirePage("/admin");
  const overview = await getOverview();
  return (
    <>
      <PageHeader title="Visão Geral" description="Resumo da plataforma: negócios, usuários e receita." />
      <OverviewCards overview={overview} />
    </>
  );
}
