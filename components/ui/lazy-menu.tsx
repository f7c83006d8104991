"use client";

import { Suspense, useState, type ComponentType } from "react";

/** What the menu's trigger looks like and says, the same before and after the menu code loads. */
export type MenuTrigger = {
  "aria-label": string;
  "data-testid"?: string;
  className: string;
  children: React.ReactNode;
};

/**
 * A dropdown menu whose code (the Radix menu, its positioning and focus handling) loads on first
 * use: until then the trigger is a plain button that looks the same, and a click swaps in the real
 * menu, already open. Pointing at or focusing the button starts the download early. The menus of
 * the header are on every page and the agenda has a status menu per card; most page views open
 * none, and a plain button also costs the server's render a fraction of Radix's trigger.
 */
export function LazyMenu<P extends object>({
  menu: Menu,
  preload,
  trigger,
  props,
  open = false,
}: {
  /** The menu, suspending until its code is there (a preloadable's `Suspending`); it renders the trigger it is given, open. */
  menu: ComponentType<P & { trigger: MenuTrigger }>;
  /** Starts loading the menu's code (the same preloadable's `preload`). */
  preload: () => unknown;
  trigger: MenuTrigger;
  props: P;
  /** Open at once (a click that came before the code of the component around it). */
  open?: boolean;
}) {
  const [wanted, setWanted] = useState(open);
  const plain = (
    <button type="button" aria-haspopup="menu" aria-expanded={false} {...trigger} onClick={() => setWanted(true)} onPointerEnter={preload} onFocus={preload} />
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <Menu {...props} trigger={trigger} />
    </Suspense>
  );
}
