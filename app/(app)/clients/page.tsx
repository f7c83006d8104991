import type { Metadata } from "next";
import { ClientsView } from "@/components/clients/clients-view";
import { requireBusinessPage } from "@/lib/auth/guards";
import { holdsGrant } from "@/lib/auth/permissions";
import { searchClients } from "@/lib/clients/queries";
import { listParams, type SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/clients") };

export default async function ClientsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { business } = await requireBusinessPage("/clients");
  const { q, page } = listParams(await searchParams);
  const result = await loadOrNull("clientes", () => searchClients(business.id, q, page));
  return <ClientsView businessId={business.id} result={result} q={q} canDelete={holdsGrant(business, "deleteClients")} />;
}
