"use client";

import { PageError } from "@/components/data/page-error";

/**
 * A failure above the shells (their layouts: the session or membership lookup, /auth): the same
 * message and retry as inside them, never a blank screen. The shells' own error.tsx files catch
 * their pages' failures inside the frame.
 */
export default function RootError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <PageError {...props} />
    </main>
  );
}
