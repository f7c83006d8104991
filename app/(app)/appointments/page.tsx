import type { Metadata } from "next";
import { AgendaView } from "@/components/appointments/agenda-view";
import { LoadError } from "@/components/data/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { agendaInitial } from "@/lib/appointments/queries";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { requireBusinessPage } from "@/lib/auth/guards";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { isDateOnly } from "@/lib/core/time/business-date";

export const metadata: Metadata = { title: titleOf("/appointments") };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AppointmentsPage({ searchParams }: Props) {
  const { ctx, business } = await requireBusinessPage("/appointments");
  // 'Today' is the business zone's today, whatever the server's zone.
  const initial = await loadOrNull("agenda", () => agendaInitial(business.id, todayInBusiness()));
  if (!initial) {
    return (
      <>
        <PageHeader title="Agenda Inteligente" description="Gerenciador de agendamentos em tempo real" />
        <LoadError title={`${MSG.loadError}: ${MSG.loadFallback}`} />
      </>
    );
  }
  // Keyed by business: switching business starts a fresh agenda.
  const dia = (await searchParams).dia;
  const openDay = typeof dia === "string" && isDateOnly(dia) ? dia : undefined;
  return <AgendaView key={business.id} businessId={business.id} initial={initial} cursor={ctx.cursor} openDay={openDay} />;
}
