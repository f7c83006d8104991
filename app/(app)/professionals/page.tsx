import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Profissionais" };

export default async function Page() {
  const ctx = await requirePage("/professionals");
  return <PlaceholderPage title="Profissionais" businessName={ctx.current?.name} />;
}
