"use client";

import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { DrawerProps } from "./drawer-dialog";

// The dialog primitives load when a phone first opens the menu: desktops never fetch them.
const DrawerDialog = preloadable(() => import("./drawer-dialog").then((m) => m.default));

/** The mobile menu of both shells; nothing is loaded or rendered until it is first opened. */
export function MobileDrawer(props: DrawerProps) {
  return useOpenedOnce(props.open) ? <DrawerDialog {...props} /> : null;
}
