import type { Metadata } from "next";
import { AllocationViewer } from "@/components/allocation/allocation-viewer";
import { allocationDay } from "@/lib/allocation/queries";
import { agendaScope } from "@/lib/appointments/visibility";
import { packAllocationDay } from "@/lib/appointments/timeline-wire";
import { requireBusinessPage } from "@/lib/auth/guards";
import { param, type SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";
import { parseDateOnly } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";

export const metadata: Metadata = { title: titleOf("/allocation-viewer") };

/** ?date=YYYY-MM-DD when it is a real date; anything else shows today. */
function dateParam(value: string): string | null {
  try {
    parseDateOnly(value);
    return value;
  } catch {
    return null;
  }
}

export default async function AllocationViewerPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { ctx, business } = await requireBusinessPage("/allocation-viewer");
  // 'Today' is the business zone's today, whatever the server's zone.
  const today = todayInBusiness();
  const date = dateParam(param(await searchParams, "date")) ?? today;
  // An employee who sees one professional's agenda: their row alone (lib/appointments/visibility.ts).
  const data = await loadOrNull("alocação", () => allocationDay(business.id, date, undefined, agendaScope(business)));
  return <AllocationViewer key={business.id} businessId={business.id} today={today} date={date} data={data && packAllocationDay(data)} cursor={ctx.cursor} />;
}
