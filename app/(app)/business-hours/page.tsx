import { CalendarOff, Info, Plus, RefreshCw, Trash2 } from "lucide";
import type { Metadata } from "next";
import { AccessDenied } from "@/components/auth/access-denied";
import { StaticIcon } from "@/components/ui/static-icon";
import { BusinessHoursView } from "@/components/business-hours/business-hours-view";
import { LoadError } from "@/components/data/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { requireBusinessPage } from "@/lib/auth/guards";
import { businessHoursData } from "@/lib/business-hours/queries";
import { HOURS_MESSAGES } from "@/lib/business-hours/messages";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/business-hours") };

export default async function BusinessHoursPage() {
  const page = await requireBusinessPage("/business-hours");
  if ("refused" in page) return <AccessDenied title={titleOf("/business-hours")} grant={page.refused} />;
  const { ctx, business } = page;
  const data = await loadOrNull("horários de funcionamento", () => businessHoursData(business.id));
  if (!data) {
    return (
      <>
        <PageHeader title={titleOf("/business-hours")} />
        <LoadError title={HOURS_MESSAGES.error} description={HOURS_MESSAGES.loadError} />
      </>
    );
  }
  // Keyed by business: switching business starts the screen afresh.
  const icons = {
    info: <StaticIcon icon={Info} />,
    refresh: <StaticIcon icon={RefreshCw} />,
    add: <StaticIcon icon={Plus} />,
    remove: <StaticIcon icon={Trash2} />,
    empty: <StaticIcon icon={CalendarOff} className="size-6" />,
  };
  return <BusinessHoursView key={business.id} businessId={business.id} initial={data} cursor={ctx.cursor} icons={icons} />;
}
