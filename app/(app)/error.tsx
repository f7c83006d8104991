"use client";

import { PageError } from "@/components/data/page-error";

export default function AppError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError {...props} />;
}
