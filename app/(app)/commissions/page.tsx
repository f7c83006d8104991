import type { Metadata } from "next";
import { CommissionsScreen } from "@/components/commissions/commissions-screen";
import { StatementCard } from "@/components/commissions/statement-view";
import { requireBusinessPage } from "@/lib/auth/guards";
import { cardFeesOf, commissionRows } from "@/lib/commissions/queries";
import { commissionStatement } from "@/lib/commissions/statement";
import { statementParams } from "@/lib/commissions/statement-params";
import type { SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/commissions") };

export default async function CommissionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { business } = await requireBusinessPage("/commissions");
  const query = statementParams(await searchParams);
  const [rows, fees] = await Promise.all([loadOrNull("comissões", () => commissionRows(business.id)), loadOrNull("taxas do cartão", () => cardFeesOf(business.id))]);
  // The statement of the professional in the URL, else of the first one listed.
  const professional = query.professional ?? rows?.[0]?.professionalId ?? null;
  // Undefined: none to show (another business's id in the URL shows nothing); null: it failed.
  const statement = professional ? await loadOrNull("extrato", async () => (await commissionStatement(business.id, professional, query.from, query.to)) ?? undefined) : undefined;
  return (
    <CommissionsScreen key={business.id} businessId={business.id} rows={rows} fees={fees}>
      <StatementCard
        businessId={business.id}
        path="/commissions"
        query={{ ...query, professional }}
        professionals={rows?.map((r) => ({ id: r.professionalId, name: r.name })) ?? []}
        statement={statement}
      />
    </CommissionsScreen>
  );
}
