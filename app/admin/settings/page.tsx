import { headers } from "next/headers";
import { SettingsCards } from "@/components/admin/settings-cards";
import { PageHeader } from "@/components/ui/page-header";
import { databaseStatus } from "@/lib/admin/queries";
import { requirePage } from "@/lib/auth/guards";
import { googleConfigured } from "@/lib/auth/options";
import { servedOverHttps } from "@/lib/core/config/app-url";
import pkg from "@/package.json";

export default async function AdminSettingsPage() {
  await requirePage("/admin/settings");
  const [database, h] = await Promise.all([databaseStatus(), headers()]);
  const https = servedOverHttps() || h.get("x-forwarded-proto") === "https";
  return (
    <>
      <PageHeader title="Configurações" description="Informações do sistema (somente leitura)." />
      <SettingsCards
        version={pkg.version}
        environment={process.env.NODE_ENV ?? "production"}
        database={database}
        google={googleConfigured()}
        https={https}
      />
    </>
  );
}
