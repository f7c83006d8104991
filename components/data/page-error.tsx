"use client";

import { useEffect } from "react";

/**
 * What an error.tsx shows when a page's server rendering fails: the message, never a blank screen,
 * and a retry that fetches the segment from the server again (Next's `retry`; `reset` alone would
 * re-render the failed answer). The digest lets support find the server log line. Error boundaries ship with every page, so this
 * is plain markup (the look of Alert and an outline Button, the icons drawn inline) with no
 * component or icon library behind it.
 */
export function PageError({
  error, reset, retry, title = "Erro ao carregar dados",
}: { error: Error & { digest?: string }; reset: () => void; retry?: () => void; title?: string }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto grid max-w-xl gap-4 py-10">
      <div role="alert" className="grid grid-cols-[1rem_1fr] items-start gap-x-3 gap-y-1 rounded-lg border border-destructive/50 bg-destructive/5 px-4 py-3 text-sm text-destructive">
        <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="size-4 translate-y-0.5">
          <circle cx="12" cy="12" r="10" />
          <path d="M12 8v4M12 16h.01" />
        </svg>
        <h5 className="font-medium leading-tight tracking-tight">{title}</h5>
        <p className="col-start-2 opacity-90">
          Não foi possível mostrar esta página agora. Tente de novo em instantes.
          {error.digest ? <span className="mt-1 block text-xs opacity-70">Código: {error.digest}</span> : null}
        </p>
      </div>
      <div>
        <button
          type="button"
          onClick={retry ?? reset}
          className="inline-flex h-10 items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="size-4">
            <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
            <path d="M3 3v5h5" />
          </svg>
          Tentar novamente
        </button>
      </div>
    </div>
  );
}
