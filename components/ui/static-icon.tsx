import { createElement } from "react";
import type { IconNode } from "lucide";
import { cn } from "@/lib/cn";

/** How lucide strokes every icon: what an <svg> or <symbol> holding lucide shapes carries. */
export const LUCIDE_STROKE = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** A lucide icon's shapes (paths, circles…) as elements, from the `lucide` package's data. */
export function iconShapes(icon: IconNode) {
  return icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }));
}

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
      {...LUCIDE_STROKE}
      className={cn("lucide", className)}
    >
      {iconShapes(icon)}
    </svg>
  );
}
