import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Conversas" };

export default async function Page() {
  const ctx = await requirePage("/reports/conversations");
  return <PlaceholderPage title="Conversas" businessName={ctx.current?.name} />;
}
