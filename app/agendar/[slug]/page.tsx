import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingWizard } from "@/components/online-booking/booking-wizard";
import { BusinessHeader } from "@/components/online-booking/business-header";
import { db } from "@/db";
import { loadBusinessCalendar } from "@/lib/appointments/day-context";
import { onlineBusinessBySlug, publicCatalog } from "@/lib/online-booking/queries";
import { bookableDates, closedDates } from "@/lib/online-booking/slots";
import { todayInBusiness } from "@/lib/core/time/business-time";

type Params = { params: Promise<{ slug: string }> };

async function enabledBusiness(slug: string) {
  const business = await onlineBusinessBySlug(slug);
  return business?.enabled ? business : null;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const business = await enabledBusiness((await params).slug);
  return business
    ? { title: `Agendar — ${business.name}`, description: `Agende online em ${business.name}: escolha o serviço, o profissional, o dia e o horário.` }
    : { title: "Página de agendamento não encontrada", robots: { index: false } };
}

/**
 * /agendar/{slug}: a salon's own clients book themselves (no sign-in). Server-rendered: the
 * business, its services with duration and price, its active professionals, the days of its window
 * with the closed ones; the free times of a day come from /api/agendar/{slug}/horarios.
 */
export default async function PublicBookingPage({ params }: Params) {
  const business = await enabledBusiness((await params).slug);
  if (!business) notFound();
  const today = todayInBusiness();
  const window = bookableDates(today, business.windowDays);
  const [catalog, calendar] = await Promise.all([
    publicCatalog(business.id),
    loadBusinessCalendar(db, business.id, window.first, window.last),
  ]);
  return (
    <main className="grid gap-5">
      <BusinessHeader business={business} />
      <BookingWizard
        slug={business.slug}
        services={catalog.services}
        professionals={catalog.professionals}
        window={window}
        closed={closedDates(calendar, window.first, window.last)}
      />
    </main>
  );
}
