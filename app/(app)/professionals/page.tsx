import type { Metadata } from "next";
import { ProfessionalsView } from "@/components/professionals/professionals-view";
import { requireBusinessPage } from "@/lib/auth/guards";
import { holdsGrant } from "@/lib/auth/permissions";
import { mayManageCalendarFeeds } from "@/lib/calendar-feeds/access";
import { loadOrNull } from "@/lib/core/data/load";
import { listProfessionals, serviceChoices } from "@/lib/professionals/queries";
import { titleOf } from "@/lib/routes";
import { todayInBusiness } from "@/lib/core/time/business-time";

export const metadata: Metadata = { title: titleOf("/professionals") };

export default async function ProfessionalsPage() {
  const { business } = await requireBusinessPage("/professionals");
  // 'Agenda (iCal)' only for those who may make a link (the owner, an administrator, a granted employee).
  const calendarFeeds = mayManageCalendarFeeds(business);
  const [professionals, services] = await Promise.all([
    loadOrNull("profissionais", () => listProfessionals(business.id)),
    loadOrNull("serviços dos profissionais", () => serviceChoices(business.id)),
  ]);
  return <ProfessionalsView key={business.id} businessId={business.id} today={todayInBusiness()} professionals={professionals} services={services} calendarFeeds={calendarFeeds} catalog={holdsGrant(business, "catalog")} />;
}
