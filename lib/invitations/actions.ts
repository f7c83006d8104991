"use server";

import { authorize } from "@/lib/auth/guards";
import { setCurrentBusinessCookie } from "@/lib/businesses/current-cookie";
import { refreshSessionClaims } from "@/lib/businesses/session-claims";
import { CONFIRM_EMAIL_FIRST } from "@/lib/auth/confirmation";
import { grantSaasAdminIfListed } from "@/lib/auth/oauth-user";
import { acceptInvitation, declineInvitation, type InvitationProof } from "./accept";
import { usableInvitation } from "./queries";
import { INVITE_ERRORS, type EmployeeSignupInput } from "./schemas";
import { signUpEmployee, type SignupResult } from "./signup";

/** The e-mail and business of a usable invitation, for the sign-up form (nothing else leaks). */
export async function loadInvitationAction(
  invitationId: string,
): Promise<{ ok: true; email: string; businessName: string } | { ok: false }> {
  const invite = await usableInvitation(String(invitationId ?? ""));
  return invite ? { ok: true, email: invite.email, businessName: invite.businessName } : { ok: false };
}

export async function employeeSignupAction(invitationId: string, input: EmployeeSignupInput): Promise<SignupResult> {
  return signUpEmployee(String(invitationId ?? ""), {
    fullName: String(input?.fullName ?? ""),
    password: String(input?.password ?? ""),
    confirmPassword: String(input?.confirmPassword ?? ""),
  });
}

/**
 * Accepts for the signed-in user; then makes the business current and refreshes the session's
 * claims. `proof` says how they got here: "link" (the e-mailed /auth?invite= link, which confirms
 * the address) or "list" (the pending list, which needs a confirmed address).
 */
export async function acceptInvitationAction(
  invitationId: string,
  proof: InvitationProof = "list",
): Promise<{ ok: true; businessName: string } | { ok: false; error: string }> {
  const auth = await authorize("user");
  if (!auth.ok) return { ok: false, error: INVITE_ERRORS.acceptFailed };
  try {
    const result = await acceptInvitation(auth.ctx.user.id, String(invitationId ?? ""), proof === "link" ? "link" : "list");
    if (!result.ok) return { ok: false, error: result.reason === "unconfirmed" ? CONFIRM_EMAIL_FIRST : INVITE_ERRORS.acceptFailed };
    // The link just proved the address: privileges that follow from it apply now.
    if (result.confirmedNow) await grantSaasAdminIfListed(auth.ctx.user.id);
    await setCurrentBusinessCookie(result.businessId);
    await refreshSessionClaims();
    return { ok: true, businessName: result.businessName };
  } catch (e) {
    console.error("Erro ao aceitar convite", e);
    return { ok: false, error: INVITE_ERRORS.acceptFailed };
  }
}

export async function declineInvitationAction(invitationId: string): Promise<{ ok: boolean; error?: string }> {
  const auth = await authorize("user");
  if (!auth.ok) return { ok: false, error: INVITE_ERRORS.declineFailed };
  try {
    return (await declineInvitation(auth.ctx.user.id, String(invitationId ?? "")))
      ? { ok: true }
      : { ok: false, error: INVITE_ERRORS.declineFailed };
  } catch (e) {
    console.error(INVITE_ERRORS.declineFailed, e);
    return { ok: false, error: INVITE_ERRORS.declineFailed };
  }
}
