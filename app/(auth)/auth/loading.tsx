import { PageSpinner } from "@/components/ui/spinner";

/** The centred spinner while the session is read on the server. */
export default function Loading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <PageSpinner />
    </div>
  );
}
