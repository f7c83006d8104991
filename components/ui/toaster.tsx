"use client";

import { lazy, Suspense, useEffect, useState } from "react";

/** `action`: one button in the toast ('Desfazer'), which closes it. */
export type ToastAction = { label: string; onClick: () => void };
export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" | "success"; action?: ToastAction };

// sonner loads with the first toast: most page views show none, and every page would carry it.
const SonnerToaster = lazy(() => import("./sonner-toaster"));

let show: ((t: ToastInput) => void) | null = null;
const waiting: ToastInput[] = [];
const wake = new Set<() => void>();

/** Called by the loaded notifier: shows what waited and takes every later toast directly. */
export function attachToaster(fn: (t: ToastInput) => void) {
  show = fn;
  for (const t of waiting.splice(0)) fn(t);
  return () => {
    if (show === fn) show = null;
  };
}

/** Shows a toast with the spec's title/description pair. */
export function toast(t: ToastInput) {
  if (show) return show(t);
  waiting.push(t);
  for (const w of wake) w();
}

/** Where the toasts appear (in the root layout). Renders nothing until the first toast is asked for. */
export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const w = () => setWanted(true);
    wake.add(w);
    if (waiting.length) w();
    return () => {
      wake.delete(w);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
