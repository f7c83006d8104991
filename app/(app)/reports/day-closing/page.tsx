import type { Metadata } from "next";
import { DayClosingView } from "@/components/day-closing/day-closing-view";
import { requireBusinessPage } from "@/lib/auth/guards";
import { dayField } from "@/lib/commissions/schemas";
import { param, type SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { dayClosing } from "@/lib/day-closing/queries";
import { asOwner } from "@/lib/reports/owner-access";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/reports/day-closing") };

/** 'Fechamento do dia' (?date=, today in the business zone by default). */
export default async function DayClosingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { business } = await requireBusinessPage("/reports/day-closing");
  const asked = dayField.safeParse(param(await searchParams, "date"));
  const date = asked.success ? asked.data : todayInBusiness();
  const report = await loadOrNull("fechamento do dia", () => asOwner(business.id, () => dayClosing(business.id, date)));
  return <DayClosingView businessId={business.id} date={date} report={report} />;
}
