"use client";

import { Children } from "react";
import { useAfterFirstDraw } from "@/components/form";
import { cn } from "@/lib/cn";

/**
 * Cards in the first draw: a 1280 px screen's rows and more. A chain's 30 professionals, drawn at
 * once, held a sidebar click to Profissionais 190–360 ms before it showed anything (npm run bench,
 * interactions); the rest join in a transition right after (useAfterFirstDraw), on the server's
 * page after hydration.
 */
export const FIRST_DRAW_CARDS = 12;

/** The card grids of the catalog screens: 1 column on phones up to 4 on wide screens. */
export function CardGrid({ className, children, ...props }: React.HTMLAttributes<HTMLUListElement>) {
  const drawn = useAfterFirstDraw();
  const cards = Children.toArray(children);
  return (
    <ul role="list" className={cn("grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4", className)} {...props}>
      {drawn ? cards : cards.slice(0, FIRST_DRAW_CARDS)}
    </ul>
  );
}
