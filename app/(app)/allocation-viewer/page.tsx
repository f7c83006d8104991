import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Visor de Alocação" };

export default async function Page() {
  const ctx = await requirePage("/allocation-viewer");
  return <PlaceholderPage title="Visor de Alocação" businessName={ctx.current?.name} />;
}
