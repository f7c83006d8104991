import type { Metadata } from "next";
import { ConversationsView } from "@/components/conversations/conversations-view";
import { requireBusinessPage } from "@/lib/auth/guards";
import { conversationsReport } from "@/lib/conversations/queries";
import { conversationFilterFrom } from "@/lib/conversations/schemas";
import { listParams, type SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/reports/conversations") };

export default async function ConversationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { ctx, business } = await requireBusinessPage("/reports/conversations");
  const sp = await searchParams;
  const { q, page } = listParams(sp);
  const filter = conversationFilterFrom(sp);
  const report = await loadOrNull("conversas", () => conversationsReport(business.id, { q, filter, page }));
  return <ConversationsView key={business.id} businessId={business.id} report={report} q={q} filter={filter} page={page} cursor={ctx.cursor} />;
}
