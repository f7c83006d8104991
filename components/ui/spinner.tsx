import { Loader2 } from "lucide-react";
import { cn } from "@/lib/cn";

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden className={cn("size-4 animate-spin", className)} />;
}

/** The centred spinner shown while session or business data loads. */
export function PageSpinner() {
  return (
    <div role="status" aria-label="Carregando" className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
