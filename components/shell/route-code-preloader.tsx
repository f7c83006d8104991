"use client";

import { useEffect } from "react";
import { preloadWhenIdle } from "@/components/ui/preloadable";

function loadScript(src: string): Promise<void> {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      // Gone, so that Next's loader, finding no such script, fetches it again on the click.
      script.remove();
      reject(new Error(src));
    };
    document.head.appendChild(script);
  });
}

/**
 * Loads the code of the menu's pages in the background, one page per idle period after the
 * screen's own dialogs (issue 32: a first click on the sidebar waited for the next page's render,
 * then for its code). The scripts only register their modules: nothing of those pages runs until
 * one is opened, and Next's loader, finding each script already in the document, fetches none again
 * (lib/navigation/route-scripts.ts lists them from the build).
 */
export function RouteCodePreloader({ scripts }: { scripts: string[][] }) {
  useEffect(() => {
    for (const page of scripts) preloadWhenIdle(() => Promise.all(page.map(loadScript)));
  }, [scripts]);
  return null;
}
