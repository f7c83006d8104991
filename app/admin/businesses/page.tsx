import { BusinessesView } from "@/components/admin/businesses-view";
import { Pagination } from "@/components/data/pagination";
import { searchBusinesses } from "@/lib/admin/queries";
import { listParams } from "@/lib/core/data/list";
import { requirePage } from "@/lib/auth/guards";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminBusinessesPage({ searchParams }: Props) {
  await requirePage("/admin/businesses");
  const { q, page } = listParams(await searchParams);
  const result = await searchBusinesses(q, page);
  return (
    <BusinessesView items={result.items}>
      <Pagination
        basePath="/admin/businesses"
        params={{ q }}
        page={result.page}
        pageCount={result.pageCount}
        total={result.total}
        noun={["negócio", "negócios"]}
      />
    </BusinessesView>
  );
}
