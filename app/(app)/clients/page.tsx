import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Clientes" };

export default async function Page() {
  const ctx = await requirePage("/clients");
  return <PlaceholderPage title="Clientes" businessName={ctx.current?.name} />;
}
