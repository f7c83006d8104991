"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useFormStatus } from "react-dom";

/**
 * Inside a plain server-action form: once its post is answered, the page is read again, so a
 * refusal (the time was taken first) shows as the database has it, as it does without scripts (the
 * post then renders the page itself). A success revalidates the page anyway.
 */
export function RefreshWhenDone() {
  const { pending } = useFormStatus();
  const router = useRouter();
  const sent = useRef(false);
  useEffect(() => {
    if (pending) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      router.refresh();
    }
  }, [pending, router]);
  return null;
}
