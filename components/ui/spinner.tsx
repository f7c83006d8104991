import { cn } from "@/lib/cn";
import { LUCIDE_STROKE } from "./static-icon";

/** The busy indicator (lucide's loader-2, drawn inline so the icon library never ships for it). */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      {...LUCIDE_STROKE}
      className={cn("size-4 animate-spin", className)}
    >
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </svg>
  );
}

/** The centred spinner shown while session or business data loads. */
export function PageSpinner() {
  return (
    <div role="status" aria-label="Carregando" className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
