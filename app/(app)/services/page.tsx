import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Serviços" };

export default async function Page() {
  const ctx = await requirePage("/services");
  return <PlaceholderPage title="Serviços" businessName={ctx.current?.name} />;
}
