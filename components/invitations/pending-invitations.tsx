import { getAuthContext } from "@/lib/auth/context";
import { pendingOrNone } from "@/lib/invitations/queries";
import { PendingInvitationsList } from "./pending-invitations-list";

/** 'Você tem convites pendentes' for the signed-in user (a confirmed address only); nothing when there are none. */
export async function PendingInvitations() {
  const ctx = await getAuthContext();
  if (!ctx) return null;
  const invitations = await pendingOrNone(ctx.user.id);
  if (!invitations.length) return null;
  return <PendingInvitationsList invitations={invitations} />;
}
