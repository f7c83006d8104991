import { Skeleton } from "@/components/ui/skeleton";

/** The timeline while a day loads: the ruler and three professional columns. */
export function AllocationSkeleton() {
  return (
    <div role="status" aria-label="Carregando alocação" className="overflow-hidden rounded-xl border bg-card">
      <div className="flex">
        <div className="w-14 shrink-0 border-r" />
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="min-w-44 flex-1 border-r last:border-r-0">
            <div className="grid h-28 content-center gap-2 border-b px-3">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-2 w-full" />
            </div>
            <div className="grid gap-3 p-3">
              <Skeleton className="h-16" />
              <Skeleton className="h-10" />
              <Skeleton className="h-24" />
              <Skeleton className="h-12" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
