import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Horários de Funcionamento" };

export default async function Page() {
  const ctx = await requirePage("/business-hours");
  return <PlaceholderPage title="Horários de Funcionamento" businessName={ctx.current?.name} />;
}
