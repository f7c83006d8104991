"use client";

import { signOut } from "next-auth/react";

/**
 * Ends the session and returns to /auth. Kept local to the admin area until the shared
 * `signOutWithToast()` of components/auth/sign-out.ts exists; then this should call it.
 */
export function signOutAdmin() {
  void signOut({ callbackUrl: "/auth" });
}
