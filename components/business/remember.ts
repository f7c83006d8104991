"use client";

export const CURRENT_BUSINESS_KEY = "currentBusinessId";
const MAX_AGE = 365 * 24 * 60 * 60;

function readCookie(name: string): string | null {
  const hit = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/** Mirrors the current business to localStorage and the cookie the server reads (or clears both). */
export function rememberBusiness(id: string | null) {
  try {
    if (id) localStorage.setItem(CURRENT_BUSINESS_KEY, id);
    else localStorage.removeItem(CURRENT_BUSINESS_KEY);
  } catch {
    /* storage unavailable */
  }
  if (readCookie(CURRENT_BUSINESS_KEY) === id) return;
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = id
    ? `${CURRENT_BUSINESS_KEY}=${encodeURIComponent(id)}; path=/; max-age=${MAX_AGE}; samesite=lax${secure}`
    : `${CURRENT_BUSINESS_KEY}=; path=/; max-age=0; samesite=lax${secure}`;
}
