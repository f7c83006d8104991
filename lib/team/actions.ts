"use server";

import { sendInvitationEmail } from "@/emails/invitation";
import { authorize } from "@/lib/auth/guards";
import { uuidSchema } from "@/lib/businesses/schemas";
import { createInvitation, deleteInvitation, removeMember } from "./invite";
import { INVITE_MESSAGES } from "./schemas";

type Result = { ok: true } | { ok: false; error: string };

/**
 * Invite dialog: stores the invitation, then e-mails the link (a failed e-mail is only warned).
 * An invitation reused within the cool-down is not e-mailed again (`reused`).
 */
export async function inviteMemberAction(email: string): Promise<{ ok: true; reused: boolean } | { ok: false; error: string }> {
  const auth = await authorize("owner");
  if (!auth.ok) return { ok: false, error: INVITE_MESSAGES.failed };
  const result = await createInvitation(auth.ctx.user.id, auth.businessId, String(email ?? ""));
  if (!result.ok) return result;
  if (result.reused) return { ok: true, reused: true };
  try {
    await sendInvitationEmail({
      email: result.invitation.email,
      businessName: result.invitation.businessName,
      inviterName: result.invitation.inviterName,
      invitationId: result.invitation.id,
    });
  } catch (e) {
    console.warn("Falha ao enviar o e-mail de convite", e);
  }
  return { ok: true, reused: false };
}

export async function removeMemberAction(memberId: string): Promise<Result> {
  const error = "Não foi possível remover o membro.";
  if (!uuidSchema.safeParse(memberId).success) return { ok: false, error };
  const auth = await authorize("owner");
  if (!auth.ok) return { ok: false, error };
  try {
    return (await removeMember(auth.ctx.user.id, auth.businessId, memberId)) ? { ok: true } : { ok: false, error };
  } catch (e) {
    console.error(error, e);
    return { ok: false, error };
  }
}

export async function deleteInvitationAction(invitationId: string): Promise<Result> {
  const error = "Não foi possível excluir o convite.";
  if (!uuidSchema.safeParse(invitationId).success) return { ok: false, error };
  const auth = await authorize("owner");
  if (!auth.ok) return { ok: false, error };
  try {
    return (await deleteInvitation(auth.ctx.user.id, auth.businessId, invitationId)) ? { ok: true } : { ok: false, error };
  } catch (e) {
    console.error(error, e);
    return { ok: false, error };
  }
}
