import type { LucideIcon } from "lucide-react";
import { Inbox } from "lucide-react";
import { cn } from "@/lib/cn";
import { StaticIcon } from "@/components/ui/static-icon";

type EmptyStateProps = {
  /** A lucide icon component (default: Inbox). */
  icon?: LucideIcon;
  /** The main text, e.g. "Nenhum cliente encontrado." */
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Optional call to action (e.g. a Button). */
  action?: React.ReactNode;
  className?: string;
};

export function EmptyState({ icon: Icon = Inbox, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-2 px-4 py-10 text-center", className)}>
      <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <StaticIcon icon={Icon} className="size-6" />
      </div>
      <p className="text-sm font-medium text-foreground">{title}</p>
      {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
