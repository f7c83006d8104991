import type { Metadata } from "next";
import { UserRoundX } from "lucide";
import { EmptyState } from "@/components/data/empty-state";
import { StatementCard } from "@/components/commissions/statement-view";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireBusinessPage } from "@/lib/auth/guards";
import { STATEMENT_MESSAGES as S } from "@/lib/commissions/messages";
import { commissionStatement } from "@/lib/commissions/statement";
import { statementParams } from "@/lib/commissions/statement-params";
import type { SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/my-commissions") };

/**
 * 'Minhas comissões': the member's own statement, read-only: the professional linked to their
 * membership (read from the database on every request), never one named in the URL.
 */
export default async function MyCommissionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { business } = await requireBusinessPage("/my-commissions");
  const professional = business.professionalId;
  const query = { ...statementParams(await searchParams), professional };
  const statement = professional ? await loadOrNull("extrato", async () => (await commissionStatement(business.id, professional, query.from, query.to)) ?? undefined) : undefined;
  return (
    <>
      <PageHeader title={S.mine} description={S.mineDescription} />
      {professional ? (
        <StatementCard businessId={business.id} path="/my-commissions" query={query} professionals={null} statement={statement} />
      ) : (
        <Card>
          <CardContent>
            <EmptyState icon={UserRoundX} title={S.noLink} />
          </CardContent>
        </Card>
      )}
    </>
  );
}
