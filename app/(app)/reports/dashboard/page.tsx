import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Dashboard" };

export default async function Page() {
  const ctx = await requirePage("/reports/dashboard");
  return <PlaceholderPage title="Dashboard" businessName={ctx.current?.name} />;
}
