import { cn } from "@/lib/cn";

/** The logo (light and dark) and the product's name; `labelClassName` sizes it or hides it in a collapsed rail. */
export function Brand({ labelClassName = "text-lg tracking-tight" }: { labelClassName?: string }) {
  return (
    <>
      {/* eslint-disable-next-line @next/next/no-img-element -- a 28 px static SVG: next/image would only add script */}
      <img src="/logo.svg" alt="" width={28} height={28} className="size-7 shrink-0 dark:hidden" />
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src="/logo-dark.svg" alt="" width={28} height={28} className="hidden size-7 shrink-0 dark:block" />
      <span className={cn("truncate font-semibold", labelClassName)}>Agenda</span>
    </>
  );
}
