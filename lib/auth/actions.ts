"use server";

import { after } from "next/server";
import { accountExistsEmail } from "@/emails/account-exists";
import { confirmationEmail } from "@/emails/confirmation";
import { sendMail } from "@/emails/mailer";
import { passwordResetEmail } from "@/emails/password-reset";
import { requestAddress } from "@/lib/net/request-address";
import { registerBusiness, requestPasswordReset, resetPassword, signUp, UNEXPECTED } from "./account";
import { buildClaims } from "./claims";
import { issueConfirmation } from "./confirmation";
import { getAuthContext } from "./context";
import { authorize } from "./guards";
import { safeReturnPath } from "./route-rules";
import { endAllSessions } from "./sessions";
import {
  businessRegistrationSchema, forgotPasswordSchema, resetPasswordSchema, signUpSchema,
  type BusinessRegistrationInput, type ForgotPasswordInput, type ResetPasswordInput, type SignUpInput,
} from "./schemas";
import { readSessionToken, writeSessionToken } from "./session-cookie";

type Fail = { ok: false; error: string };

function firstIssue(error: { issues: { message: string }[] }): Fail {
  return { ok: false, error: error.issues[0]?.message ?? UNEXPECTED };
}

/**
 * 'Criar conta': the account, its business and the confirmation e-mail. For an address that
 * already has an account the answer is the same, and its owner gets a notice instead.
 */
export async function signUpAction(input: SignUpInput): Promise<{ ok: true; emailSent: boolean } | Fail> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return firstIssue(parsed.error);
  try {
    const result = await signUp(input, await requestAddress());
    if (!result.ok) return result;
    try {
      if (result.created) {
        await sendMail(
          confirmationEmail({ to: result.email, fullName: result.fullName, businessName: result.businessName, token: result.verifyToken }),
        );
      } else if (result.notify) {
        await sendMail(accountExistsEmail({ to: result.email }));
      }
      return { ok: true, emailSent: true };
    } catch (e) {
      console.error("Falha ao enviar o email de confirmação", e);
      return { ok: true, emailSent: false };
    }
  } catch (e) {
    console.error("Falha no cadastro", e);
    return { ok: false, error: UNEXPECTED };
  }
}

/** Minimum answer time of forgot-password, so a known and an unknown e-mail answer alike. */
const FORGOT_MIN_MS = 700;

/** 'Enviar email': the same answer, in text and in time, whether or not the account exists. */
export async function forgotPasswordAction(input: ForgotPasswordInput): Promise<{ ok: true } | Fail> {
  const started = Date.now();
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) return firstIssue(parsed.error);
  let result: Awaited<ReturnType<typeof requestPasswordReset>>;
  try {
    result = await requestPasswordReset(parsed.data.email, await requestAddress());
  } catch (e) {
    console.error("Falha ao pedir redefinição de senha", e);
    result = { ok: false, error: "Erro ao enviar email" };
  }
  if (result.ok && result.mail) {
    const mail = result.mail;
    // Sent after the answer: its duration must not tell whether the account exists.
    after(() => sendMail(passwordResetEmail(mail)).catch((e) => console.error("Falha ao enviar o email de redefinição", e)));
  }
  const wait = FORGOT_MIN_MS - (Date.now() - started);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return result.ok ? { ok: true } : result;
}

/** The new password from the e-mailed link. */
export async function resetPasswordAction(input: ResetPasswordInput): Promise<{ ok: true } | Fail> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) return firstIssue(parsed.error);
  try {
    return await resetPassword(parsed.data.token, parsed.data.password, await requestAddress());
  } catch (e) {
    console.error("Falha ao redefinir senha", e);
    return { ok: false, error: "Ocorreu um erro inesperado. Tente novamente." };
  }
}

/** 'Finalizar Cadastro': the business of a signed-in user who has none, then a fresh session cookie. */
export async function registerBusinessAction(input: BusinessRegistrationInput): Promise<{ ok: true } | Fail> {
  const parsed = businessRegistrationSchema.safeParse(input);
  if (!parsed.success) return firstIssue(parsed.error);
  const auth = await authorize("user");
  if (!auth.ok) return auth;
  const result = await registerBusiness(auth.ctx.user.id, parsed.data);
  if (!result.ok) return result;
  // The cookie's claims (memberships) must show the new business before the app opens.
  const token = await readSessionToken();
  const claims = await buildClaims(auth.ctx.user.id);
  if (token && claims && claims.sv === token.sv) await writeSessionToken({ ...token, ...claims });
  return { ok: true };
}

/** Where to go after a successful login: the safe return path, else /admin for admins and / for others. */
export async function afterLoginPathAction(callbackUrl: string | null): Promise<string> {
  const back = safeReturnPath(callbackUrl);
  if (back) return back;
  const ctx = await getAuthContext();
  return ctx?.flags.isAdmin ? "/admin" : "/";
}

/** 'Reenviar email' of the 'Confirme seu email' notice (rate-limited in issueConfirmation). */
export async function resendConfirmationAction(): Promise<{ ok: true } | Fail> {
  const auth = await authorize("user");
  if (!auth.ok) return auth;
  try {
    const result = await issueConfirmation(auth.ctx.user.id);
    if (!result.ok) return result;
    await sendMail(confirmationEmail({ ...result.mail, resend: true }));
    return { ok: true };
  } catch (e) {
    console.error("Falha ao reenviar o email de confirmação", e);
    return { ok: false, error: "Não foi possível enviar o email. Tente novamente." };
  }
}

/** 'Sair de todos os dispositivos': ends every session of the signed-in user (session version). */
export async function signOutEverywhereAction(): Promise<{ ok: true } | Fail> {
  const auth = await authorize("user");
  if (!auth.ok) return auth;
  try {
    await endAllSessions(auth.ctx.user.id);
    return { ok: true };
  } catch (e) {
    console.error("Falha ao encerrar as sessões", e);
    return { ok: false, error: UNEXPECTED };
  }
}
