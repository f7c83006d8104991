import { getAuthContext } from "@/lib/auth/context";
import { pendingInvitationsFor } from "@/lib/invitations/queries";
import { PendingInvitationsList } from "./pending-invitations-list";

/** 'Você tem convites pendentes' for the signed-in user (a confirmed address only); nothing when there are none. */
export async function PendingInvitations() {
  const ctx = await getAuthContext();
  if (!ctx) return null;
  let invitations: Awaited<ReturnType<typeof pendingInvitationsFor>> = [];
  try {
    invitations = await pendingInvitationsFor(ctx.user.id);
  } catch (e) {
    console.error("Falha ao carregar convites pendentes", e);
  }
  if (!invitations.length) return null;
  return <PendingInvitationsList invitations={invitations} />;
}
