"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/**
 * Reports the unknown path once the 404 page is really shown (Next.js renders the not-found
 * boundary ahead of time for every page, so logging while rendering would log every visit).
 */
export function LogNotFound() {
  const pathname = usePathname();
  useEffect(() => {
    console.error("404: rota inexistente acessada:", pathname);
    navigator.sendBeacon?.("/api/not-found", JSON.stringify({ path: pathname }));
  }, [pathname]);
  return null;
}
