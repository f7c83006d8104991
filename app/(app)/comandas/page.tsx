import type { Metadata } from "next";
import { ComandasScreen } from "@/components/comandas/comandas-screen";
import { requireBusinessPage } from "@/lib/auth/guards";
import { comandasList } from "@/lib/comandas/queries";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/comandas") };

/** 'Comandas': the open ones and the last closed, live; 'Nova venda'. */
export default async function ComandasPage() {
  const { ctx, business } = await requireBusinessPage("/comandas");
  const data = await loadOrNull("comandas", () => comandasList(business.id));
  // Keyed by business: switching business starts the screen afresh.
  return <ComandasScreen key={business.id} businessId={business.id} initial={data} cursor={ctx.cursor} />;
}
