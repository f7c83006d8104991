import type { Metadata } from "next";
import { CommissionsScreen } from "@/components/commissions/commissions-screen";
import { requireBusinessPage } from "@/lib/auth/guards";
import { commissionRows } from "@/lib/commissions/queries";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/commissions") };

export default async function CommissionsPage() {
  const { business } = await requireBusinessPage("/commissions");
  const rows = await loadOrNull("comissões", () => commissionRows(business.id));
  return <CommissionsScreen key={business.id} businessId={business.id} rows={rows} />;
}
