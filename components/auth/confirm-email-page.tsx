import { db } from "@/db";
import { confirmationLink, type ConfirmationLink } from "@/lib/auth/mutations";
import { signupBrowserHash } from "@/lib/auth/signup-browser";
import { AuthFrame } from "./auth-frame";
import { ConfirmEmailScreen } from "./confirm-email-screen";

type Search = Record<string, string | string[] | undefined>;

/**
 * The target of the confirmation e-mail's link. Opening it changes nothing (a mail scanner opens
 * links too): it reads the link and whether this browser asked for it, then the button confirms.
 */
export async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  let link: ConfirmationLink | null = null;
  try {
    link = await confirmationLink(db, token, await signupBrowserHash());
  } catch (e) {
    console.error("Falha ao verificar o link de confirmação", e);
  }
  return (
    <AuthFrame>
      <ConfirmEmailScreen token={token} link={link} />
    </AuthFrame>
  );
}
