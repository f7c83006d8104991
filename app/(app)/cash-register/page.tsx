import type { Metadata } from "next";
import { CashRegisterScreen } from "@/components/cash-register/cash-register-screen";
import { requireBusinessPage } from "@/lib/auth/guards";
import { isOwnerLevel } from "@/lib/auth/roles";
import { closedRegisters, openRegister } from "@/lib/cash-register/queries";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/cash-register") };

export default async function CashRegisterPage() {
  const { ctx, business } = await requireBusinessPage("/cash-register");
  const owner = isOwnerLevel(ctx.current?.role);
  const data = await loadOrNull("caixa", async () => {
    const [open, closed] = await Promise.all([openRegister(business.id), owner ? closedRegisters(business.id) : []]);
    return { open, closed };
  });
  return <CashRegisterScreen businessId={business.id} owner={owner} data={data} />;
}
