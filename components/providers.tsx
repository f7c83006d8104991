"use client";

import { SessionProvider } from "next-auth/react";
import { ThemeProvider } from "next-themes";
import { z } from "zod";
import { Toaster } from "@/components/ui/toaster";

// zod 4 probes `new Function` to compile fast object parsers; under our CSP (no 'unsafe-eval') the
// probe fails and is reported as a violation on every form. Interpreted parsing is fast enough.
z.config({ jitless: true });

/**
 * Client-side context every page shares: session, theme (localStorage key `theme`) and toasts.
 * `nonce`: this request's CSP script nonce, for next-themes' inline anti-flash script.
 */
export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <ThemeProvider nonce={nonce} attribute="class" storageKey="theme" defaultTheme="system" enableSystem disableTransitionOnChange>
        {children}
        <Toaster />
      </ThemeProvider>
    </SessionProvider>
  );
}
