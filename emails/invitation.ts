import { appUrl } from "@/lib/core/config/app-url";
import { layout, sendMail, type Message } from "./mailer";
import { invitationPath } from "@/lib/invitations/link";
import { plainName } from "./plain-name";

/**
 * The link an invitation e-mail carries: {APP_URL}/auth?invite={id}&key={secret}. The spec's
 * `invite` names the invitation; `key` is what proves that whoever follows the link reads the
 * invited mailbox (the inviter also knows the id).
 */
export function invitationUrl(invitationId: string, secret: string): string {
  return `${appUrl()}${invitationPath(invitationId, secret)}`;
}

type InvitationMail = { email: string; businessName: string; inviterName: string; id: string; secret: string };

/**
 * Invitation to join a business team (send-invitation-email: email, businessName, inviterName,
 * inviteUrl). Both names were typed by the inviter and go to someone else's mailbox: each one is
 * used only when plain (no link, not too long, trimmed), else the message says it generically.
 */
export function invitationEmail(opts: InvitationMail): Message {
  const inviteUrl = invitationUrl(opts.id, opts.secret);
  const business = plainName(opts.businessName);
  const inviter = plainName(opts.inviterName);
  const team = business ? `da equipe de ${business}` : "de uma equipe";
  const { html, text } = layout({
    title: business ? `Convite para ${business}` : "Convite para uma equipe",
    intro: `${inviter ?? "Uma pessoa"} convidou você para fazer parte ${team} na Agenda. Crie sua conta ou entre com ela para aceitar o convite.`,
    actionLabel: "Aceitar convite",
    actionUrl: inviteUrl,
    footer: "O convite expira em 7 dias. Se você não esperava este e-mail, ignore-o.",
  });
  return { to: opts.email, subject: business ? `Convite para a equipe de ${business}` : "Convite para uma equipe na Agenda", html, text };
}

export async function sendInvitationEmail(opts: InvitationMail): Promise<void> {
  await sendMail(invitationEmail(opts));
}
