import { appUrl, layout, type Message } from "./mailer";

/** 'Confirme seu email' after a general sign-up (pt-BR, HTML and text). */
export function confirmationEmail(opts: { to: string; fullName: string; businessName: string; token: string }): Message {
  const url = `${appUrl()}/api/auth/verify-email?token=${encodeURIComponent(opts.token)}`;
  const { html, text } = layout({
    title: `Bem-vindo ao Agenda, ${opts.fullName}!`,
    intro: `Sua conta e o negócio "${opts.businessName}" foram criados. Confirme seu email para concluir o cadastro.`,
    actionLabel: "Confirmar email",
    actionUrl: url,
    footer: "O link vale por 48 horas. Se você não criou esta conta, ignore esta mensagem.",
  });
  return { to: opts.to, subject: "Confirme seu email — Agenda", html, text };
}
