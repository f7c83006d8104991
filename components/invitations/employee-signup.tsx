/** Employee sign-up through an invitation link (/auth?invite=…). Filled in by the invitations work. */
export function EmployeeSignup(_props: { invitationId: string }) {
  return null;
}
