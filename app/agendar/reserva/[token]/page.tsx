import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingDetails } from "@/components/online-booking/booking-details";
import { bookingByTokenHash } from "@/lib/online-booking/queries";
import { hashBookingToken } from "@/lib/online-booking/tokens";

// The link is a secret: not indexed, and never sent on as a Referer.
export const metadata: Metadata = { title: "Seu agendamento", robots: { index: false, follow: false }, referrer: "no-referrer" };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /agendar/reserva/{token}: the private link of one online booking (the confirmation page right
 * after booking, and the link in the e-mail): the summary, the status, and 'Cancelar agendamento'
 * until the owner's deadline.
 */
export default async function BookingLinkPage({ params, searchParams }: Props) {
  const { token } = await params;
  if (token.length < 20 || token.length > 100) notFound();
  const view = await bookingByTokenHash(hashBookingToken(token));
  if (!view) notFound();
  const justBooked = (await searchParams).novo === "1";
  return <BookingDetails view={view} token={token} justBooked={justBooked} />;
}
