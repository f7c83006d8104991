import { CalendarDays, MapPin, Phone, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { STATUS, statusMeta } from "@/lib/appointments/status";
import { cn } from "@/lib/cn";

/** The client's words for each status; the colours are the agenda's (lib/appointments/status.ts). */
const STATUS_TEXT: Record<number, string> = {
  [STATUS.pendente]: "Aguardando confirmação",
  [STATUS.confirmado]: "Confirmado",
  [STATUS.cancelado]: "Cancelado",
  [STATUS.concluido]: "Concluído",
  [STATUS.faltou]: "Não compareceu",
};

/**
 * The top of an appointment as a client's own pages show it (the booking's private link, a
 * reminder's link): what the page is, the business, the status in the client's words.
 */
function PublicAppointmentHeader({ kicker, titleId, businessName, statusId, testId }: {
  kicker: string; titleId: string; businessName: string; statusId?: number; testId?: string;
}) {
  const status = statusId === undefined ? null : statusMeta(statusId);
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="grid gap-1">
        <p className="text-xs font-medium uppercase tracking-wide text-primary">{kicker}</p>
        <h1 id={titleId} className="text-xl font-bold leading-tight">{businessName}</h1>
      </div>
      {status && (
        <Badge variant="tone" className={cn("text-xs", status.border, status.text)} data-testid={testId}>
          {STATUS_TEXT[status.id]}
        </Badge>
      )}
    </div>
  );
}

type PublicBusiness = { name: string; address: string | null; phone: string | null };

/**
 * A client's own page of one appointment (the booking's link, a reminder's, a waitlist offer's):
 * the header, then the details list (when, the page's own items, the business's contact), then
 * what the page offers (`children`). A view without `statusId` has no status badge (an offer is not
 * an appointment yet).
 */
export function PublicAppointmentCard({ page, kicker, view: { business, statusId }, when, details, children }: {
  /** Names the title's id (`<page>-title`) and the status badge's test id (`<page>-status`). */
  page: string;
  kicker: string; view: { business: PublicBusiness; statusId?: number };
  when: string; details: React.ReactNode; children?: React.ReactNode;
}) {
  const titleId = `${page}-title`;
  return (
    <section aria-labelledby={titleId} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <PublicAppointmentHeader kicker={kicker} titleId={titleId} businessName={business.name} statusId={statusId} testId={`${page}-status`} />
      <ul className="grid gap-2 text-sm">
        <DetailItem icon={CalendarDays}>
          <span className="font-medium first-letter:uppercase">{when}</span>
        </DetailItem>
        {details}
        <BusinessContactItems address={business.address} phone={business.phone} />
      </ul>
      {children}
    </section>
  );
}

/** One item of a public appointment page's details list: an icon and what it says. */
export function DetailItem({ icon: Icon, children }: { icon: LucideIcon; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      {children}
    </li>
  );
}

/** The business's address and phone (a tap calls it) as items of a public page's details list. */
function BusinessContactItems({ address, phone }: { address: string | null; phone: string | null }) {
  const tel = phone?.replace(/[^\d+]/g, "");
  return (
    <>
      {address && (
        <DetailItem icon={MapPin}>
          <span>{address}</span>
        </DetailItem>
      )}
      {phone && (
        <DetailItem icon={Phone}>
          <a href={`tel:${tel}`} className="underline-offset-4 hover:underline">{phone}</a>
        </DetailItem>
      )}
    </>
  );
}
