"use client";

import dynamic from "next/dynamic";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { DrawerProps } from "./drawer-dialog";

// The dialog primitives load when a phone first opens the menu: desktops never fetch them.
const DrawerDialog = dynamic(() => import("./drawer-dialog"), { ssr: false });

/** The mobile menu of both shells; nothing is loaded or rendered until it is first opened. */
export function MobileDrawer(props: DrawerProps) {
  return useOpenedOnce(props.open) ? <DrawerDialog {...props} /> : null;
}
