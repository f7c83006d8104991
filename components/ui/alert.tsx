import { cn } from "@/lib/cn";

const variants = {
  default: "bg-card text-card-foreground",
  destructive: "border-destructive/50 bg-destructive/5 text-destructive [&>svg]:text-destructive",
} as const;

/** An inline message box. Put an optional lucide icon as the first child. */
export function Alert({
  className,
  variant = "default",
  role,
  ...props
}: React.HTMLAttributes<HTMLDivElement> & { variant?: keyof typeof variants }) {
  return (
    <div
      role={role ?? (variant === "destructive" ? "alert" : "status")}
      className={cn(
        "relative grid w-full grid-cols-[0_1fr] items-start gap-y-1 rounded-lg border px-4 py-3 text-sm",
        "has-[>svg]:grid-cols-[1rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: React.HTMLAttributes<HTMLHeadingElement>) {
  return <h5 className={cn("col-start-2 font-medium leading-tight tracking-tight", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("col-start-2 text-sm opacity-90 [&_p]:leading-relaxed", className)} {...props} />;
}
