import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Agenda Inteligente" };

export default async function Page() {
  const ctx = await requirePage("/appointments");
  return <PlaceholderPage title="Agenda Inteligente" businessName={ctx.current?.name} />;
}
