import { Slot } from "radix-ui";
import { cn } from "@/lib/cn";

const variants = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

// Below 768 px every size is at least 44 px tall (and an icon 44 wide): a thumb's target (WCAG 2.5.5).
const sizes = {
  default: "h-10 px-4 py-2 max-md:h-11",
  sm: "h-9 rounded-md px-3 max-md:h-11",
  lg: "h-11 rounded-md px-8",
  icon: "h-10 w-10 max-md:size-11",
  "icon-sm": "size-8 max-md:size-11",
} as const;

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
};

/** The button look, for a plain <button> where the Slot of `asChild` would be dead weight (code shipped with every page). */
export function buttonClass({ variant = "default", size = "default", className }: { variant?: keyof typeof variants; size?: keyof typeof sizes; className?: string } = {}) {
  return cn(
    // Its base look: app/globals.css.
    "ui-button",
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({ className, variant = "default", size = "default", asChild, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp type={asChild ? undefined : (type ?? "button")} className={buttonClass({ variant, size, className })} {...props} />;
}
