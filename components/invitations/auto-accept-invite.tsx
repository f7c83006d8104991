/** Accepts ?invite= automatically for a signed-in user. Filled in by the invitations work. */
export function AutoAcceptInvite(_props: { invitationId: string }) {
  return null;
}
