import { Skeleton } from "@/components/ui/skeleton";

/** The loading state of a list screen: the header, the search box and a grid of card placeholders. */
export function ListSkeleton({ cards = 6 }: { cards?: number }) {
  return (
    <div role="status" aria-label="Carregando" className="grid gap-6">
      <div className="grid gap-2">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <Skeleton className="h-10 w-full max-w-md" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
        {Array.from({ length: cards }, (_, i) => (
          <Skeleton key={i} className="h-32 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
