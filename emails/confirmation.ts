import { appUrl } from "@/lib/core/config/app-url";
import { layout, type Message } from "./mailer";
import { plainName } from "./plain-name";

/**
 * 'Confirme seu e-mail' after a general sign-up, or again from 'Reenviar e-mail' (pt-BR, HTML and
 * text). The names were typed by whoever signed up with this address: only plain ones are shown.
 */
export function confirmationEmail(opts: { to: string; fullName: string | null; businessName: string | null; token: string; resend?: boolean }): Message {
  const url = `${appUrl()}/confirm-email?token=${encodeURIComponent(opts.token)}`;
  const name = plainName(opts.fullName);
  const business = plainName(opts.businessName);
  const { html, text } = layout({
    title: name ? `Bem-vindo ao Agenda, ${name}!` : "Bem-vindo ao Agenda!",
    intro: opts.resend
      ? "Confirme seu e-mail para usar todos os recursos da sua conta (convites, acesso de administrador)."
      : `${business ? `Sua conta e o negócio "${business}" foram criados.` : "Sua conta foi criada."} Confirme seu e-mail para concluir o cadastro.`,
    actionLabel: "Confirmar e-mail",
    actionUrl: url,
    footer: "O link vale por 48 horas. Se você não criou esta conta, ignore esta mensagem.",
  });
  return { to: opts.to, subject: "Confirme seu e-mail — Agenda", html, text };
}
