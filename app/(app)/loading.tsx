import { ListSkeleton } from "@/components/data/list-skeleton";

export default function Loading() {
  return <ListSkeleton />;
}
