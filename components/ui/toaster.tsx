"use client";

import { useTheme } from "next-themes";
import { Toaster as Sonner, toast as sonner } from "sonner";

/** The primary notifier: one toast at a time, 5 s each (spec section 9). */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      visibleToasts={1}
      duration={5000}
      position="top-right"
      richColors
      closeButton
    />
  );
}

type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" | "success" };

/** Shows a toast with the spec's title/description pair. */
export function toast({ title, description, variant = "default" }: ToastInput) {
  if (variant === "destructive") return sonner.error(title, { description });
  if (variant === "success") return sonner.success(title, { description });
  return sonner(title, { description });
}
