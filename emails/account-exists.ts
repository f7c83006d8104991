import { appUrl } from "@/lib/core/config/app-url";
import { layout, type Message } from "./mailer";

/**
 * Sent instead of a confirmation when someone signs up with an address that already has an
 * account: the sign-up screen answers as for a new account (it never tells whether an address
 * is registered), and only the address's owner learns what happened.
 */
export function accountExistsEmail(opts: { to: string }): Message {
  const { html, text } = layout({
    title: "Você já tem uma conta no Agenda",
    intro:
      "Alguém (talvez você) tentou criar uma conta no Agenda com este e-mail, mas ele já está cadastrado. Se foi você, entre com sua senha ou use “Esqueci minha senha”.",
    actionLabel: "Entrar no Agenda",
    actionUrl: `${appUrl()}/auth`,
    footer: "Se não foi você, ignore esta mensagem: nada mudou na sua conta.",
  });
  return { to: opts.to, subject: "Tentativa de cadastro com o seu e-mail — Agenda", html, text };
}
