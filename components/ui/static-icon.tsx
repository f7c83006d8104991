import { createElement, type ReactElement } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

type IconNode = [tag: string, attrs: Record<string, string | number>][];

/**
 * The icon's drawing, taken from the element the lucide component renders: lucide-react v1 draws
 * through a client component (for its context), so every icon a server component renders would
 * ship that component to the browser. Reading the data here keeps server-rendered icons plain SVG.
 */
function iconNode(icon: LucideIcon): IconNode {
  const rendered = (icon as unknown as { render: (props: object, ref: null) => ReactElement<{ icon?: { node?: IconNode } }> }).render({}, null);
  return rendered.props.icon?.node ?? [];
}

/**
 * A lucide icon as plain SVG (lucide's default attributes), for server components: on pages
 * without interactive icons no icon code is sent. Same props as a lucide icon's className use.
 */
export function StaticIcon({ icon, className }: { icon: LucideIcon; className?: string }) {
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
      {iconNode(icon).map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
