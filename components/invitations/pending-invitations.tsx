/** 'Você tem convites pendentes' for the signed-in user. Filled in by the invitations work. */
export async function PendingInvitations() {
  return null;
}
