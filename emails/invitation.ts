import { appUrl, layout, sendMail } from "./mailer";

/** The link an invitation e-mail carries: {APP_URL}/auth?invite={id}. */
export function invitationUrl(invitationId: string): string {
  return `${appUrl()}/auth?invite=${encodeURIComponent(invitationId)}`;
}

/** Invitation to join a business team (send-invitation-email: email, businessName, inviterName, inviteUrl). */
export async function sendInvitationEmail(opts: {
  email: string;
  businessName: string;
  inviterName: string;
  invitationId: string;
}): Promise<void> {
  const inviteUrl = invitationUrl(opts.invitationId);
  const { html, text } = layout({
    title: `Convite para ${opts.businessName}`,
    intro: `${opts.inviterName} convidou você para fazer parte da equipe de ${opts.businessName} na Agenda. Crie sua conta ou entre com ela para aceitar o convite.`,
    actionLabel: "Aceitar convite",
    actionUrl: inviteUrl,
    footer: "O convite expira em 7 dias. Se você não esperava este e-mail, ignore-o.",
  });
  await sendMail({ to: opts.email, subject: `Convite para a equipe de ${opts.businessName}`, html, text });
}
