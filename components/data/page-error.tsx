"use client";

import { useEffect } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

// Error boundaries ship with every page: the two icons are drawn inline, not taken from the icon library.
function Icon({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <svg aria-hidden xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={className ?? "size-4"}>
      {children}
    </svg>
  );
}

/**
 * What an error.tsx shows when a page's server rendering fails: the message, never a blank screen,
 * and a retry that re-renders the segment. The digest lets support find the server log line.
 */
export function PageError({ error, reset, title = "Erro ao carregar dados" }: { error: Error & { digest?: string }; reset: () => void; title?: string }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto grid max-w-xl gap-4 py-10">
      <Alert variant="destructive">
        <Icon>
          <circle cx="12" cy="12" r="10" />
          <line x1="12" x2="12" y1="8" y2="12" />
          <line x1="12" x2="12.01" y1="16" y2="16" />
        </Icon>
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>
          Não foi possível mostrar esta página agora. Tente de novo em instantes.
          {error.digest ? <span className="mt-1 block text-xs opacity-70">Código: {error.digest}</span> : null}
        </AlertDescription>
      </Alert>
      <div>
        <Button variant="outline" onClick={reset}>
          <Icon>
            <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
            <path d="M3 3v5h5" />
          </Icon>
          Tentar novamente
        </Button>
      </div>
    </div>
  );
}
