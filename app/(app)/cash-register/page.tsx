import type { Metadata } from "next";
import { CashRegisterScreen } from "@/components/cash-register/cash-register-screen";
import { requireBusinessPage } from "@/lib/auth/guards";
import { isOwnerLevel } from "@/lib/auth/roles";
import { cashRegisterData } from "@/lib/cash-register/queries";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/cash-register") };

export default async function CashRegisterPage() {
  const { ctx, business } = await requireBusinessPage("/cash-register");
  const owner = isOwnerLevel(business.role);
  const data = await loadOrNull("caixa", () => cashRegisterData(business.id, owner));
  // Keyed by business: switching business starts the screen afresh.
  return <CashRegisterScreen key={business.id} businessId={business.id} owner={owner} initial={data} cursor={ctx.cursor} />;
}
