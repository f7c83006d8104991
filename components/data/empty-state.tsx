import type { IconNode } from "lucide";
import type { LucideIcon } from "lucide-react";
import { isValidElement } from "react";
import { StaticIcon } from "@/components/ui/static-icon";
import { cn } from "@/lib/cn";

type EmptyStateProps = {
  /**
   * The icon: lucide data (`lucide`) from server components, so no icon code ships; a lucide-react
   * component, or an icon the server rendered (StaticIcon), from client components. No default: a default icon would ship in every client
   * screen that shows an empty state, whatever icon it passes.
   */
  icon: IconNode | LucideIcon | React.ReactElement;
  /** The main text, e.g. "Nenhum cliente encontrado." */
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Optional call to action (e.g. a Button). */
  action?: React.ReactNode;
  className?: string;
};

export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  const Icon = isValidElement(icon) || Array.isArray(icon) ? null : (icon as LucideIcon);
  return (
    <div className={cn("flex flex-col items-center justify-center gap-2 px-4 py-10 text-center", className)}>
      <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {isValidElement(icon) ? icon : Icon ? <Icon aria-hidden className="size-6" /> : <StaticIcon icon={icon as IconNode} className="size-6" />}
      </div>
      <p className="text-sm font-medium text-foreground">{title}</p>
      {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
