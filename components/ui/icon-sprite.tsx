import type { IconNode } from "lucide";
import { cn } from "@/lib/cn";
import { iconShapes, LUCIDE_STROKE } from "./static-icon";

/**
 * Icons repeated down a list (each card's pencil, phone, e-mail…): the list draws each shape once,
 * in a hidden <symbol>, and every row points at it with <use>. An inline lucide icon is an <svg>
 * with a dozen attributes and its paths, rendered on the server for every row: the 96 of a page of
 * clients cost ~2 ms of CPU per view, a fifth of the page (11.0 → 8.9 ms without them). A <use> is
 * two small elements. The shapes come from the framework-free `lucide` package (as StaticIcon's).
 *
 * Render `Sprite` once per page, outside the rows, before or after them; `prefix` keeps the ids of
 * two sprites on one page apart.
 */
export function iconSprite<const N extends string>(prefix: string, icons: Record<N, IconNode>) {
  const ref = (name: N) => `${prefix}-${name}`;
  function Sprite() {
    return (
      <svg aria-hidden width="0" height="0" className="pointer-events-none absolute size-0 overflow-hidden">
        {(Object.keys(icons) as N[]).map((name) => (
          <symbol key={name} id={ref(name)} viewBox="0 0 24 24" {...LUCIDE_STROKE}>
            {iconShapes(icons[name])}
          </symbol>
        ))}
      </svg>
    );
  }
  return { Sprite, ...iconRefs<N>(prefix) };
}

/**
 * The `<use>` half of a sprite alone, for client components: names, no shapes, so none of the
 * icons' paths ship in their JavaScript. The page renders the sprite (iconSprite's `Sprite`, with
 * the same prefix and names) from the server.
 */
export function iconRefs<const N extends string>(prefix: string) {
  function Icon({ name, className }: { name: N; className?: string }) {
    return (
      // The viewBox scales the symbol's 24 units to the icon's size (size-4 and the like).
      <svg aria-hidden width={24} height={24} viewBox="0 0 24 24" className={cn("lucide", className)}>
        <use href={`#${prefix}-${name}`} />
      </svg>
    );
  }
  return { Icon };
}
