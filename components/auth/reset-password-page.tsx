import { resetTokenUsable } from "@/lib/auth/queries";
import { AuthFrame } from "./auth-frame";
import { ResetPasswordScreen } from "./reset-password-screen";

type Search = Record<string, string | string[] | undefined>;

/** Server part of both reset routes: checks the token before showing the form. */
export async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  let valid = false;
  try {
    valid = await resetTokenUsable(token);
  } catch (e) {
    console.error("Falha ao verificar o link de redefinição", e);
  }
  return (
    <AuthFrame>
      <ResetPasswordScreen token={token} valid={valid} />
    </AuthFrame>
  );
}
