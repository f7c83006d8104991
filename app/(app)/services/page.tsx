import type { Metadata } from "next";
import { AccessDenied } from "@/components/auth/access-denied";
import { ServicesView } from "@/components/services/services-view";
import { requireBusinessPage } from "@/lib/auth/guards";
import { listParams, type SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";
import { searchServices } from "@/lib/services/queries";

export const metadata: Metadata = { title: titleOf("/services") };

export default async function ServicesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const guarded = await requireBusinessPage("/services");
  if ("refused" in guarded) return <AccessDenied title={titleOf("/services")} grant={guarded.refused} />;
  const { business } = guarded;
  const { q, page } = listParams(await searchParams);
  const result = await loadOrNull("serviços", () => searchServices(business.id, q, page));
  return <ServicesView businessId={business.id} result={result} q={q} />;
}
