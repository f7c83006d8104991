import { cn } from "@/lib/cn";

const variants = {
  default: "border-transparent bg-primary text-primary-foreground",
  secondary: "border-transparent bg-secondary text-secondary-foreground",
  destructive: "border-transparent bg-destructive text-destructive-foreground",
  outline: "text-foreground",
  success: "border-success/60 text-success",
  /** Only the shape: the border and text colours come from the caller (a status's tone). */
  tone: "",
  /** Tinted amber with the body's text colour (amber text is too pale on the light theme). */
  warning: "border-warning bg-warning/15 text-foreground",
  "destructive-outline": "border-destructive/60 text-destructive",
} as const;

export function Badge({
  className,
  variant = "default",
  ...props
}: React.HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold", variants[variant], className)}
      {...props}
    />
  );
}
