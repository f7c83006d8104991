import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { AppointmentIconSprite } from "@/components/appointments/icon-sprite";
import { CardsView } from "@/components/appointments/cards-view";
import { APPOINTMENTS_VIEW_COOKIE, appointmentsViewOf } from "@/lib/appointments/view-choice";
import { LoadError } from "@/components/data/load-error";
import { AppointmentsHeader } from "@/components/appointments/header";
import { agendaScopeNote, appointmentsInitial, appointmentById } from "@/lib/appointments/queries";
import { agendaScope } from "@/lib/appointments/visibility";
import { idSchema } from "@/lib/appointments/schemas";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { requireBusinessPage } from "@/lib/auth/guards";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { isDateOnly } from "@/lib/core/time/business-date";

export const metadata: Metadata = { title: titleOf("/appointments") };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Agenda Inteligente's cards (the spec's screen). A device whose last choice was the 'Grade' (a
 * cookie the middleware keeps) is sent there, unless ?vista=cartoes asks for the cards or ?repetir=
 * (a client's 'Agendar novamente') needs their note. ?dia= opens a day.
 */
export default async function AppointmentsPage({ searchParams }: Props) {
  const { ctx, business } = await requireBusinessPage("/appointments");
  // 'Today' is the business zone's today, whatever the server's zone.
  const today = todayInBusiness();
  const { dia, repetir, vista } = await searchParams;
  const day = typeof dia === "string" && isDateOnly(dia) ? dia : undefined;
  const view = appointmentsViewOf(typeof vista === "string" ? vista : null) ?? appointmentsViewOf((await cookies()).get(APPOINTMENTS_VIEW_COOKIE)?.value);
  if (view === "grade" && repetir === undefined) redirect(day ? `/appointments/grade?dia=${day}` : "/appointments/grade");
  // An employee without 'Ver a agenda dos outros profissionais': their professional's appointments alone.
  const scope = agendaScope(business);
  const [initial, note] = await Promise.all([
    loadOrNull("agenda", () => appointmentsInitial(business.id, today, undefined, undefined, scope)),
    loadOrNull("agenda", () => agendaScopeNote(business.id, scope)),
  ]);
  if (!initial) {
    return (
      <>
        <AppointmentsHeader note={note} />
        <LoadError title={`${MSG.loadError}: ${MSG.loadFallback}`} />
      </>
    );
  }
  // 'Agendar novamente' (a client's page): the appointment of this business whose services and
  // professionals the next Novo Agendamento starts with; any other id is ignored.
  const again = typeof repetir === "string" && idSchema.safeParse({ id: repetir }).success ? await appointmentById(business.id, repetir, undefined, scope) : null;
  const rebook = again && { client: { id: again.client.id, name: again.client.name, phone: again.client.phone }, lines: again.lines.map(({ serviceId, serviceName, professionalId }) => ({ serviceId, serviceName, professionalId })) };
  // Keyed by business: switching business starts a fresh agenda.
  return (
    <>
      <AppointmentIconSprite />
      <CardsView key={business.id} businessId={business.id} initial={initial} cursor={ctx.cursor} openDay={day} rebook={rebook} scopeNote={note} onlyProfessional={scope === "all" ? undefined : (scope.professionalId ?? undefined)} />
    </>
  );
}
