import type { Metadata } from "next";
import { ProductsView } from "@/components/products/products-view";
import { requireBusinessPage } from "@/lib/auth/guards";
import { listParams, type SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { searchProducts } from "@/lib/products/queries";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/products") };

export default async function ProductsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { business } = await requireBusinessPage("/products");
  const { q, page } = listParams(await searchParams);
  const result = await loadOrNull("produtos", () => searchProducts(business.id, q, page));
  return <ProductsView businessId={business.id} result={result} q={q} />;
}
