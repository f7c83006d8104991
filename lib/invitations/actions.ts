"use server";

import { authorize } from "@/lib/auth/guards";
import { setCurrentBusinessCookie } from "@/lib/businesses/current-cookie";
import { refreshSessionClaims } from "@/lib/businesses/session-claims";
import { acceptInvitation, declineInvitation } from "./accept";
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

/** Accepts for the signed-in user; then makes the business current and refreshes the session's claims. */
export async function acceptInvitationAction(
  invitationId: string,
): Promise<{ ok: true; businessName: string } | { ok: false; error: string }> {
  const auth = await authorize("user");
  if (!auth.ok) return { ok: false, error: INVITE_ERRORS.acceptFailed };
  try {
    const result = await acceptInvitation(auth.ctx.user.id, auth.ctx.user.email, String(invitationId ?? ""));
    if (!result.ok) return { ok: false, error: INVITE_ERRORS.acceptFailed };
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
    return (await declineInvitation(auth.ctx.user.email, String(invitationId ?? "")))
      ? { ok: true }
      : { ok: false, error: INVITE_ERRORS.declineFailed };
  } catch (e) {
    console.error(INVITE_ERRORS.declineFailed, e);
    return { ok: false, error: INVITE_ERRORS.declineFailed };
  }
}
