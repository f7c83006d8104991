import { CalendarDays, Lock } from "lucide";
import Link from "next/link";
import { EmptyState } from "@/components/data/empty-state";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { StaticIcon } from "@/components/ui/static-icon";
import { ACCESS, GRANT_LABELS, type Grant } from "@/lib/auth/permissions";

/**
 * In place of a page the member may not open (requireBusinessPage's `{ refused }`): why, and the
 * way back to the agenda. Not a redirect: the address stays, and the owner can grant it.
 */
export function AccessDenied({ title, grant }: { title: string; grant: Grant }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={Lock}
        title={ACCESS.pageDenied}
        description={`Falta a permissão “${GRANT_LABELS[grant].label}”.`}
        action={
          <Button asChild variant="outline">
            <Link href="/appointments">
              <StaticIcon icon={CalendarDays} />
              Ir para a agenda
            </Link>
          </Button>
        }
        className="rounded-lg border"
      />
    </>
  );
}
