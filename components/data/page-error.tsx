"use client";

import { AlertCircle, RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * What an error.tsx shows when a page's server rendering fails: the message, never a blank screen,
 * and a retry that fetches the segment from the server again (Next's `retry`; `reset` alone would
 * re-render the failed answer). The digest lets support find the server log line.
 */
export function PageError({
  error, reset, retry, title = "Erro ao carregar dados",
}: { error: Error & { digest?: string }; reset: () => void; retry?: () => void; title?: string }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto grid max-w-xl gap-4 py-10">
      <Alert variant="destructive">
        <AlertCircle aria-hidden />
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>
          Não foi possível mostrar esta página agora. Tente de novo em instantes.
          {error.digest ? <span className="mt-1 block text-xs opacity-70">Código: {error.digest}</span> : null}
        </AlertDescription>
      </Alert>
      <div>
        <Button variant="outline" onClick={retry ?? reset}>
          <RotateCcw aria-hidden />
          Tentar novamente
        </Button>
      </div>
    </div>
  );
}
