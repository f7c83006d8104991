import { Construction } from "lucide";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/data/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/** A management or report page that is not built yet: the shell with its title. */
export function PlaceholderPage({ title, businessName }: { title: string; businessName?: string | null }) {
  return (
    <>
      <PageHeader title={title} description={businessName ?? undefined} />
      <Card>
        <EmptyState icon={Construction} title="Em breve" description="Esta tela está sendo preparada." />
      </Card>
    </>
  );
}
