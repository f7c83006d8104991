import { cn } from "@/lib/cn";

/** The closed select's look: SelectTrigger's, and LazySelect's plain button before the select's code loads. */
export const selectTriggerClass = cn(
  "flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-base md:text-sm",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
  "disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground aria-[invalid=true]:border-destructive",
  "[&>span]:truncate [&>span]:text-left",
);
