import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Logs de Auditoria" };

export default async function Page() {
  const ctx = await requirePage("/reports/audit-logs");
  return <PlaceholderPage title="Logs de Auditoria" businessName={ctx.current?.name} />;
}
