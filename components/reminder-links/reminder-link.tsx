import { CheckCircle2, Scissors, XCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { STATUS } from "@/lib/appointments/status";
import { formatDateTime, formatLongDate } from "@/lib/core/format/date";
import { cancelDeadline } from "@/lib/online-booking/deadline";
import { respondByLinkAction } from "@/lib/reminder-links/actions";
import { callToCancelText, REMINDER_LINK_MESSAGES as MSG, type RefusalCode } from "@/lib/reminder-links/messages";
import type { LinkView } from "@/lib/reminder-links/queries";
import { linkState } from "@/lib/reminder-links/state";
import { DetailItem, PublicAppointmentCard } from "@/components/online-booking/public-appointment";


/** Why the link can't act, in the client's words. */
function refusalText(code: RefusalCode, view: LinkView): string {
  if (code === "too-late") return callToCancelText(view.business.cancelDeadlineHours, view.business.phone);
  if (code === "used") return MSG.used;
  if (code === "not-active") return MSG.notActive;
  return MSG.invalid;
}

/**
 * A reminder's link: the appointment, and the one thing this link does ('Confirmar presença' or
 * 'Preciso cancelar') as a plain form, server-rendered: it works before the scripts load. After
 * the answer, the page shows the outcome read from the database.
 */
export function ReminderLink({ view, token }: { view: LinkView; token: string }) {
  const now = new Date();
  const state = linkState(view, now);
  const when = `${formatLongDate(view.date)}, às ${view.time}`;
  const services = view.lines.map((l) => (l.professional ? `${l.service} com ${l.professional}` : l.service)).join(", ");
  const answered = view.usedAt !== null;
  const confirmedHere = answered && view.purpose === "confirm" && view.statusId === STATUS.confirmado;
  const cancelledHere = answered && view.purpose === "cancel" && view.statusId === STATUS.cancelado;
  const shownError = state !== "ready" && !answered ? state : null;

  return (
    <main className="grid gap-5">
      {confirmedHere && (
        <Alert className="border-success/50 bg-success/5">
          <CheckCircle2 aria-hidden className="text-success" />
          <AlertTitle className="text-base">{MSG.confirmed}</AlertTitle>
          <AlertDescription>{MSG.confirmedDescription}</AlertDescription>
        </Alert>
      )}
      {cancelledHere && (
        <Alert>
          <XCircle aria-hidden />
          <AlertTitle className="text-base">{MSG.cancelled}</AlertTitle>
          <AlertDescription>{MSG.cancelledDescription}</AlertDescription>
        </Alert>
      )}
      {shownError && (
        <Alert variant="destructive" role="alert">
          <AlertTitle className="text-base">{MSG.error}</AlertTitle>
          <AlertDescription>{refusalText(shownError, view)}</AlertDescription>
        </Alert>
      )}

      <PublicAppointmentCard
        page="reminder"
        kicker="Seu horário"
        view={view}
        when={when}
        details={
          services && (
            <DetailItem icon={Scissors}>
              <span>{services}</span>
            </DetailItem>
          )
        }
      >

        {state === "ready" && (
          // The pipeline's action takes the form's FormData (define-action.ts); React types a form action as taking it.
          <form action={respondByLinkAction as unknown as (form: FormData) => Promise<void>} className="grid gap-2">
            <input type="hidden" name="token" value={token} />
            {view.purpose === "confirm" ? (
              <Button type="submit" className="w-full">{MSG.confirm}</Button>
            ) : (
              <>
                <Button type="submit" variant="outline" className="w-full text-destructive hover:text-destructive">
                  Cancelar agendamento
                </Button>
                <p className="text-center text-xs text-muted-foreground">
                  O horário será liberado para outra pessoa. Você pode cancelar por aqui até {formatDateTime(cancelDeadline(view))}.
                </p>
              </>
            )}
          </form>
        )}
      </PublicAppointmentCard>
    </main>
  );
}
