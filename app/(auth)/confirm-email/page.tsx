import type { Metadata } from "next";
import { ConfirmEmailPage } from "@/components/auth/confirm-email-page";

export const metadata: Metadata = { title: "Confirmar e-mail — Agenda", referrer: "no-referrer" };

export default function Page(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ConfirmEmailPage {...props} />;
}
