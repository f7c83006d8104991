import { createElement } from "react";
import type { IconNode } from "lucide";
import { cn } from "@/lib/cn";

/**
 * A lucide icon as plain SVG, drawn from the framework-free `lucide` package's data. For server
 * components: lucide-react v1 draws every icon through a client component, so a server module that
 * merely imports a lucide-react icon puts that code on every page it belongs to. Client components
 * keep using lucide-react.
 */
export function StaticIcon({ icon, className }: { icon: IconNode; className?: string }) {
  return (
    <svg
      aria-hidden
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn("lucide", className)}
    >
      {icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
