"use client";

import { PageError } from "@/components/data/page-error";

/**
 * Errors of the layouts below the root: the signed-in shell's own reads ((app)/layout.tsx,
 * admin/layout.tsx) fail when the database is unreachable, and (app)/error.tsx sits inside that
 * layout, so it cannot show them.
 */
export default function RootSegmentError(props: { error: Error & { digest?: string }; reset: () => void; retry?: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <PageError {...props} />
    </main>
  );
}
