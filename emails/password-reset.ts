import { appUrl } from "@/lib/core/config/app-url";
import { layout, type Message } from "./mailer";

/** The password-reset link, built from APP_URL (never from the request's Host). */
export function passwordResetEmail(opts: { to: string; fullName: string | null; token: string }): Message {
  const url = `${appUrl()}/reset-password?token=${encodeURIComponent(opts.token)}`;
  const { html, text } = layout({
    title: "Redefinir sua senha",
    intro: `Olá${opts.fullName ? `, ${opts.fullName}` : ""}! Recebemos um pedido para redefinir a senha da sua conta no Agenda.`,
    actionLabel: "Redefinir senha",
    actionUrl: url,
    footer: "O link expira em 1 hora e só pode ser usado uma vez. Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.",
  });
  return { to: opts.to, subject: "Redefinição de senha — Agenda", html, text };
}
