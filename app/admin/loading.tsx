import { PageSpinner } from "@/components/ui/spinner";

export default function AdminLoading() {
  return <PageSpinner />;
}
