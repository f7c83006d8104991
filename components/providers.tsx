"use client";

import { ThemeProvider } from "next-themes";
import { Toaster } from "@/components/ui/toaster";

/**
 * Client-side context every page shares: theme (localStorage key `theme`) and toasts. Kept to
 * these two on purpose: whatever sits here ships with every page (sessions are read on the server).
 * `nonce`: this request's CSP script nonce, for next-themes' inline anti-flash script.
 */
export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  return (
    <ThemeProvider nonce={nonce} attribute="class" storageKey="theme" defaultTheme="system" enableSystem disableTransitionOnChange>
      {children}
      <Toaster />
    </ThemeProvider>
  );
}
