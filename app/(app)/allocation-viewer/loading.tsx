import { AllocationSkeleton } from "@/components/allocation/allocation-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

export default function AllocationLoading() {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <Skeleton className="h-7 w-52" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <Skeleton className="h-10 w-80 max-w-full" />
      </div>
      <AllocationSkeleton />
    </div>
  );
}
