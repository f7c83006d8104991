"use client";

// The browser half of a form's validation, loaded on the form's first validation: zod and the
// resolver (about 35 KB compressed) then stay off the first load of a page whose form is on it.
import { zodResolver as resolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import type { z } from "zod";
import { IN_PORTUGUESE } from "@/lib/core/validation/zod-messages";

/** The form's resolver, with zod's fallback messages in Portuguese (never its English): lib/core/validation/zod-messages.ts. */
export function zodResolver(schema: z.ZodType): Resolver {
  return resolver(schema as never, IN_PORTUGUESE) as unknown as Resolver;
}
