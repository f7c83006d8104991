import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WaitlistOffer } from "@/components/waitlist/waitlist-offer";
import { offerByHash } from "@/lib/waitlist/queries";
import { hashOfferToken } from "@/lib/waitlist/tokens";

// The link is a secret: not indexed, never a Referer elsewhere ('same-origin', as the reminder
// link's page: under 'no-referrer' the plain form's POST carries `Origin: null`, which Next refuses).
export const metadata: Metadata = { title: "Vagou um horário", robots: { index: false, follow: false }, referrer: "same-origin" };

type Props = { params: Promise<{ token: string }> };

/**
 * /agendar/lista-de-espera/{token}: a waitlist offer's 'Quero este horário' link. Opening it changes
 * nothing (mail scanners open links too); its button, a plain form, claims the time. Opened again
 * after its claim, the link shows the booking as the client's: the token is the proof.
 */
export default async function WaitlistOfferPage({ params }: Props) {
  const { token } = await params;
  if (token.length < 20 || token.length > 100) notFound();
  const view = await offerByHash(hashOfferToken(token));
  if (!view) notFound();
  return <WaitlistOffer view={view} token={token} />;
}
