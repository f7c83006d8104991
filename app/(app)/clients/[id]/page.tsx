import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClientProfileView } from "@/components/clients/client-profile-view";
import { LoadError } from "@/components/data/load-error";
import { requireBusinessPage } from "@/lib/auth/guards";
import { isOwnerLevel } from "@/lib/auth/roles";
import { clientHistory, clientProfile } from "@/lib/clients/queries";
import { agendaScope } from "@/lib/appointments/visibility";
import { CLIENT_MESSAGES } from "@/lib/clients/messages";
import { clientAccount } from "@/lib/comandas/queries";
import { clientIdSchema } from "@/lib/clients/schemas";
import { listParams, type SearchParams } from "@/lib/core/data/list";
import { loadOrNull } from "@/lib/core/data/load";
import { titleOf } from "@/lib/routes";

export const metadata: Metadata = { title: titleOf("/clients/[id]") };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

/** A client's page: contact and notes, totals, next appointments and history. Another business's client is not found. */
export default async function ClientPage({ params, searchParams }: Props) {
  const { ctx, business } = await requireBusinessPage("/clients/[id]");
  const { id } = await params;
  if (!clientIdSchema.safeParse({ id }).success) notFound();
  const { page } = listParams(await searchParams);
  const now = new Date();
  // An employee who sees one professional's agenda: the visits with them alone.
  const scope = agendaScope(business);
  const [loaded, account] = await Promise.all([
    loadOrNull("cliente", () => Promise.all([clientProfile(business.id, id, now, undefined, scope), clientHistory(business.id, id, page, now, undefined, scope)])),
    loadOrNull("comandas do cliente", () => clientAccount(business.id, id)),
  ]);
  if (!loaded) return <LoadError title={CLIENT_MESSAGES.profileError} />;
  const [profile, history] = loaded;
  if (!profile) notFound();
  return <ClientProfileView businessId={business.id} profile={profile} history={history} canMerge={isOwnerLevel(business.role)} account={account} cursor={ctx.cursor} />;
}
