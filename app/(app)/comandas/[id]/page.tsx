import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { ComandaScreen } from "@/components/comandas/comanda-screen";
import { LoadError } from "@/components/data/load-error";
import { requireBusinessPage } from "@/lib/auth/guards";
import { isOwnerLevel } from "@/lib/auth/roles";
import { COMANDA_MESSAGES as M } from "@/lib/comandas/messages";
import { comandaScreen } from "@/lib/comandas/queries";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/comandas/[id]") };

type Props = { params: Promise<{ id: string }> };

/** One comanda: editable while open, read-only once closed or reversed. Another business's comanda is not found. */
export default async function ComandaPage({ params }: Props) {
  const { ctx, business } = await requireBusinessPage("/comandas/[id]");
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const data = await loadOrNull("comanda", () => comandaScreen(business.id, id));
  if (!data) return <LoadError title={M.loadError} />;
  if (!data.comanda) notFound();
  return <ComandaScreen key={`${business.id}:${id}`} businessId={business.id} id={id} owner={isOwnerLevel(business.role)} initial={data} cursor={ctx.cursor} />;
}
