import { pendingOrNone } from "@/lib/invitations/queries";
import { PendingInvitationsNotice } from "./pending-invitations-notice";

/**
 * 'Você tem convites pendentes' as a banner at the top of the app shell: an invited person who
 * already has an account lands on the agenda, never on /auth. Nothing, and no client code, when
 * there are none. Apart from pending-invitations.tsx on purpose: a server file that imports a
 * client component puts it in the first load of every page of its route, so this one names only
 * the small wrapper that loads the banner.
 */
export async function PendingInvitationsInShell({ userId, className }: { userId: string; className?: string }) {
  const invitations = await pendingOrNone(userId);
  if (!invitations.length) return null;
  // Keyed by the list: another list from the server (an invitation arrived) starts the banner afresh.
  return <PendingInvitationsNotice key={invitations.map((i) => i.id).join(",")} invitations={invitations} className={className} />;
}
