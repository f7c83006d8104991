"use client";

export type Flash = { title: string; description?: string; variant?: "default" | "destructive" | "success" };
const KEY = "agenda:flash";

/** A toast to show after the next full page load (sign-out navigates with a reload). */
export function setFlash(flash: Flash) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {}
}

export function takeFlash(): Flash | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    window.sessionStorage.removeItem(KEY);
    return JSON.parse(raw) as Flash;
  } catch {
    return null;
  }
}
