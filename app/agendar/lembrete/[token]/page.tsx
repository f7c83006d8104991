import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReminderLink } from "@/components/reminder-links/reminder-link";
import { linkByHash } from "@/lib/reminder-links/queries";
import { hashLinkToken } from "@/lib/reminder-links/tokens";

// The link is a secret: not indexed, and never sent on as a Referer to another site. Not
// 'no-referrer': under it the browser sends `Origin: null` with the page's form (a plain POST),
// and Next refuses a server action whose origin isn't this host.
export const metadata: Metadata = { title: "Seu horário", robots: { index: false, follow: false }, referrer: "same-origin" };

type Props = { params: Promise<{ token: string }> };

/**
 * /agendar/lembrete/{token}: a reminder's 'Confirmar presença' or 'Preciso cancelar' link. Opening
 * it changes nothing (mail scanners open links too); its button does.
 */
export default async function ReminderLinkPage({ params }: Props) {
  const { token } = await params;
  if (token.length < 20 || token.length > 100) notFound();
  const view = await linkByHash(hashLinkToken(token));
  if (!view) notFound();
  return <ReminderLink view={view} token={token} />;
}
