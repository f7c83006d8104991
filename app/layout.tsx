import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: "Agenda — gestão de salões e barbearias",
  description: "Agendamentos, clientes, profissionais e relatórios do seu salão ou barbearia.",
  icons: { icon: "/logo.svg" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * Reading the request's headers renders every page per request, which the CSP needs: Next puts
 * the middleware's per-request nonce on its scripts only while rendering (a page prerendered at
 * build time would carry no nonce and be blocked).
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="pt-BR" suppressHydrationWarning>
      <body className="min-h-dvh">
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
