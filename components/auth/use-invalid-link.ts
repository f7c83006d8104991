"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/toaster";
import { AUTH_MESSAGES } from "@/lib/auth/messages";

/**
 * An e-mailed link's screen (reset, confirmation) whose link is unknown, used or expired: says so
 * once ('Link inválido' with `description`) and goes back to /auth. Called at once when the server
 * found the link unusable (`valid` false), and by the screen when its action refuses the link.
 */
export function useInvalidLink(valid: boolean, description: string): () => void {
  const router = useRouter();
  const warned = useRef(false);
  const invalidLink = () => {
    if (warned.current) return;
    warned.current = true;
    toast({ title: AUTH_MESSAGES.invalidLink, description, variant: "destructive" });
    router.replace("/auth");
  };
  useEffect(() => {
    if (!valid) invalidLink();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid]);
  return invalidLink;
}
