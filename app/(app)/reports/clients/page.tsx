import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Relatório de Clientes" };

export default async function Page() {
  const ctx = await requirePage("/reports/clients");
  return <PlaceholderPage title="Relatório de Clientes" businessName={ctx.current?.name} />;
}
