"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { DrawerProps } from "./drawer-dialog";

// The dialog primitives load when a phone first opens the menu: desktops never fetch them.
const DrawerDialog = dynamic(() => import("./drawer-dialog"), { ssr: false });

/** The mobile menu of both shells; nothing is loaded or rendered until it is first opened. */
export function MobileDrawer(props: DrawerProps) {
  const [wanted, setWanted] = useState(false);
  if (props.open && !wanted) setWanted(true);
  return wanted ? <DrawerDialog {...props} /> : null;
}
