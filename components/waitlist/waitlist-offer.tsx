import { CheckCircle2, Clock, Hourglass, Scissors, User, XCircle, type LucideIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DetailItem, PublicAppointmentCard } from "@/components/online-booking/public-appointment";
import { formatDuration } from "@/lib/core/format/duration";
import { formatLongDate } from "@/lib/core/format/date";
import { instantToBusinessParts } from "@/lib/core/time/business-time";
import { claimOfferAction } from "@/lib/waitlist/actions";
import { WAITLIST_MESSAGES as MSG } from "@/lib/waitlist/messages";
import type { OfferView } from "@/lib/waitlist/queries";
import { offerPage, type OfferPage } from "@/lib/waitlist/rules";
import { RefreshWhenDone } from "./refresh-when-done";

/** What the page says above the offer, for each state but a live one. */
const NOTICE: Record<Exclude<OfferPage, "live">, {
  icon: LucideIcon; title: string; description: string; variant?: "destructive"; className?: string; iconClass?: string;
}> = {
  mine: { icon: CheckCircle2, title: MSG.claimed, description: MSG.claimedDescription, className: "border-success/50 bg-success/5", iconClass: "text-success" },
  "mine-cancelled": { icon: XCircle, title: MSG.claimedCancelled, description: MSG.claimedCancelledDescription },
  filled: { icon: XCircle, title: MSG.filled, description: MSG.filledDescription, variant: "destructive" },
  expired: { icon: Hourglass, title: MSG.expired, description: MSG.expiredDescription },
};

/**
 * A waitlist offer's page: the freed time and 'Quero este horário' as a plain form, server-rendered
 * (it works before the scripts load). After a claim, the page is rendered again from the database.
 * The link that claimed the offer reads 'Horário agendado!' and 'Seu horário' whenever it is opened
 * again, on any device (the link's token is the client's secret; lib/waitlist/rules.ts offerPage),
 * with the booking's time as it is now; another offer's link reads 'Esse horário acabou de ser
 * preenchido'; a link past its time says it expired.
 */
export function WaitlistOffer({ view, token }: { view: OfferView; token: string }) {
  const state = offerPage(view, new Date());
  const mine = state === "mine" || state === "mine-cancelled";
  const at = mine && view.appointment ? view.appointment : view;
  const when = `${formatLongDate(at.date)}, às ${at.time}`;
  const until = instantToBusinessParts(view.expiresAt).time.slice(0, 5);
  const notice = state === "live" ? null : NOTICE[state];

  return (
    <main className="grid gap-5">
      {notice && (
        <Alert variant={notice.variant} role={state === "mine" ? undefined : "alert"} className={notice.className}>
          <notice.icon aria-hidden className={notice.iconClass} />
          <AlertTitle className="text-base">{notice.title}</AlertTitle>
          <AlertDescription>{notice.description}</AlertDescription>
        </Alert>
      )}

      <PublicAppointmentCard
        page="offer"
        kicker={mine ? MSG.yours : "Vagou um horário"}
        view={view}
        when={when}
        details={
          <>
            <DetailItem icon={Scissors}>
              <span>{view.services.map((s) => s.name).join(", ")} · {formatDuration(view.minutes)}</span>
            </DetailItem>
            <DetailItem icon={User}>
              <span>{view.professionalName}</span>
            </DetailItem>
          </>
        }
      >

        {state === "live" && (
          // The pipeline's action takes the form's FormData (define-action.ts); React types a form action as taking it.
          <form action={claimOfferAction as unknown as (form: FormData) => Promise<void>} className="grid gap-2">
            <input type="hidden" name="token" value={token} />
            <RefreshWhenDone />
            <Button type="submit" className="w-full">{MSG.claim}</Button>
            <p className="flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
              <Clock aria-hidden className="size-3.5" />
              Válido até as {until}. Quem confirmar primeiro fica com o horário.
            </p>
          </form>
        )}
      </PublicAppointmentCard>
    </main>
  );
}
