import type { Metadata } from "next";
import { ResetPasswordPage } from "@/components/auth/reset-password-page";

export const metadata: Metadata = { title: "Redefinir senha — Agenda", referrer: "no-referrer" };

export default function Page(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ResetPasswordPage {...props} />;
}
