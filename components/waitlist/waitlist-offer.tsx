import { CheckCircle2, Clock, Hourglass, Scissors, User, XCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DetailItem, PublicAppointmentCard } from "@/components/online-booking/public-appointment";
import { formatDuration } from "@/lib/core/format/duration";
import { formatLongDate } from "@/lib/core/format/date";
import { instantToBusinessParts } from "@/lib/core/time/business-time";
import { claimOfferAction } from "@/lib/waitlist/actions";
import { WAITLIST_MESSAGES as MSG } from "@/lib/waitlist/messages";
import type { OfferView } from "@/lib/waitlist/queries";
import { offerPage } from "@/lib/waitlist/rules";
import { RefreshWhenDone } from "./refresh-when-done";

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
  const filled = state === "filled";

  return (
    <main className="grid gap-5">
      {state === "mine" && (
        <Alert className="border-success/50 bg-success/5">
          <CheckCircle2 aria-hidden className="text-success" />
          <AlertTitle className="text-base">{MSG.claimed}</AlertTitle>
          <AlertDescription>{MSG.claimedDescription}</AlertDescription>
        </Alert>
      )}
      {state === "mine-cancelled" && (
        <Alert role="alert">
          <XCircle aria-hidden />
          <AlertTitle className="text-base">{MSG.claimedCancelled}</AlertTitle>
          <AlertDescription>{MSG.claimedCancelledDescription}</AlertDescription>
        </Alert>
      )}
      {filled && (
        <Alert variant="destructive" role="alert">
          <XCircle aria-hidden />
          <AlertTitle className="text-base">{MSG.filled}</AlertTitle>
          <AlertDescription>{MSG.filledDescription}</AlertDescription>
        </Alert>
      )}
      {state === "expired" && (
        <Alert role="alert">
          <Hourglass aria-hidden />
          <AlertTitle className="text-base">{MSG.expired}</AlertTitle>
          <AlertDescription>{MSG.expiredDescription}</AlertDescription>
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
