"use client";

import { signOutWithToast } from "@/components/auth/sign-out";

/** 'Sair' in the sidebar and the user menu. */
export function signOutNow() {
  void signOutWithToast();
}
