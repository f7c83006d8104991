import type { Metadata } from "next";
import { GridView } from "@/components/appointments/grid-view";
import { AppointmentIconSprite } from "@/components/appointments/icon-sprite";
import { gridDay } from "@/lib/appointments/grid-day";
import { agendaScopeNote } from "@/lib/appointments/queries";
import { agendaScope } from "@/lib/appointments/visibility";
import { waitlistCounts } from "@/lib/waitlist/queries";
import { requireBusinessPage } from "@/lib/auth/guards";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { isDateOnly } from "@/lib/core/time/business-date";

export const metadata: Metadata = { title: titleOf("/appointments/grade") };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Agenda Inteligente's 'Grade': one day (?dia=, today in the business zone by default) by
 * professional. A page of its own, so the cards' page carries none of its code (and this one none
 * of theirs); the middleware remembers that it was the last view chosen.
 */
export default async function GridPage({ searchParams }: Props) {
  const { ctx, business } = await requireBusinessPage("/appointments/grade");
  const today = todayInBusiness();
  const { dia } = await searchParams;
  const date = typeof dia === "string" && isDateOnly(dia) ? dia : today;
  // An employee without 'Ver a agenda dos outros profissionais': their professional's column alone.
  const scope = agendaScope(business);
  const [data, waitlist, note] = await Promise.all([
    loadOrNull("grade da agenda", () => gridDay(business.id, date, undefined, scope)),
    loadOrNull("lista de espera", () => waitlistCounts(business.id, date, date)),
    loadOrNull("agenda", () => agendaScopeNote(business.id, scope)),
  ]);
  return (
    <>
      <AppointmentIconSprite />
      <GridView key={`${business.id}:${date}`} businessId={business.id} today={today} date={date} data={data} waitlist={waitlist} cursor={ctx.cursor} scopeNote={note} onlyProfessional={scope === "all" ? undefined : (scope.professionalId ?? undefined)} />
    </>
  );
}
