import type { Metadata } from "next";
import { AuthFrame } from "@/components/auth/auth-frame";
import { AuthNotices } from "@/components/auth/auth-notices";
import { AuthScreen } from "@/components/auth/auth-screen";
import { BusinessRegistration } from "@/components/auth/business-registration";
import { ConfirmEmailNotice } from "@/components/auth/confirm-email-notice";
import { SignedInPanel } from "@/components/auth/signed-in-panel";
import { AutoAcceptInvite } from "@/components/invitations/auto-accept-invite";
import { EmployeeSignup } from "@/components/invitations/employee-signup";
import { PendingInvitations } from "@/components/invitations/pending-invitations";
import { appUrl } from "@/lib/core/config/app-url";
import { getAuthContext } from "@/lib/auth/context";
import { googleConfigured } from "@/lib/auth/options";
import { safeReturnPath } from "@/lib/auth/route-rules";
import { usableInvitation } from "@/lib/invitations/queries";

export const metadata: Metadata = { title: "Entrar — Agenda" };

type Search = Record<string, string | string[] | undefined>;

/**
 * /auth (spec section 2): a visitor gets login / 'Criar conta' / 'Esqueci a senha' (or the
 * employee sign-up with ?invite=…&key=…); a signed-in user without registration and business gets
 * 'Cadastre seu Negócio'; anyone else signed in gets 'Você já está conectado como …'.
 */
export default async function AuthPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === "string" ? (sp[k] as string) : undefined);
  const invite = one("invite");
  // The invitation e-mail's secret: proof of the address, passed to the actions and never shown.
  const key = one("key") ?? null;
  const callbackUrl = safeReturnPath(one("callbackUrl"));
  const ctx = await getAuthContext();

  let body: React.ReactNode;
  if (!ctx) {
    const usable = invite ? await usableInvitation(invite) : null;
    body = invite ? (
      <EmployeeSignup invitationId={invite} secret={key} invite={usable && { email: usable.email, businessName: usable.businessName }} />
    ) : (
      <AuthScreen callbackUrl={callbackUrl} googleEnabled={googleConfigured()} />
    );
  } else if (!ctx.user.registered && ctx.businesses.length === 0) {
    body = (
      <>
        {invite ? <AutoAcceptInvite invitationId={invite} secret={key} /> : null}
        <BusinessRegistration
          email={ctx.user.email}
          fullName={ctx.user.fullName}
          siteUrl={process.env.PRODUCT_SITE_URL ?? appUrl()}
        />
      </>
    );
  } else {
    body = (
      <>
        {ctx.user.emailConfirmed ? null : <ConfirmEmailNotice email={ctx.user.email} className="mb-4" />}
        <SignedInPanel email={ctx.user.email} />
        {invite ? <AutoAcceptInvite invitationId={invite} secret={key} /> : null}
        <PendingInvitations />
      </>
    );
  }

  return (
    <AuthFrame>
      <AuthNotices verified={one("verified")} error={one("error")} />
      {body}
    </AuthFrame>
  );
}
