import { cn } from "@/lib/cn";

/** The card grids of the catalog screens: 1 column on phones up to 4 on wide screens. */
export function CardGrid({ className, children, ...props }: React.HTMLAttributes<HTMLUListElement>) {
  return (
    <ul role="list" className={cn("grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4", className)} {...props}>
      {children}
    </ul>
  );
}
