"use client";

import { useTheme } from "next-themes";
import { useEffect } from "react";
import { Toaster as Sonner, toast as sonner } from "sonner";
import { attachToaster, type ToastInput } from "./toaster";

function show({ title, description, variant = "default" }: ToastInput) {
  if (variant === "destructive") sonner.error(title, { description });
  else if (variant === "success") sonner.success(title, { description });
  else sonner(title, { description });
}

/** The primary notifier (sonner): one toast at a time, 5 s each (spec section 9). Loaded with the first toast. */
export default function SonnerToaster() {
  const { resolvedTheme } = useTheme();
  // Runs after sonner's own effect has subscribed, so the toasts asked for while loading show now.
  useEffect(() => attachToaster(show), []);
  return (
    <Sonner theme={resolvedTheme === "dark" ? "dark" : "light"} visibleToasts={1} duration={5000} position="top-right" richColors closeButton />
  );
}
