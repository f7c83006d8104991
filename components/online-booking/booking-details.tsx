import { CheckCircle2, Clock, User } from "lucide-react";
import Link from "next/link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { isOutcome, STATUS } from "@/lib/appointments/status";
import { formatDateTime, formatLongDate } from "@/lib/core/format/date";
import { formatDuration } from "@/lib/core/format/duration";
import { formatBRL } from "@/lib/core/format/money";
import { canCancel, cancelDeadline } from "@/lib/online-booking/deadline";
import type { BookingView } from "@/lib/online-booking/queries";
import { bookingUrl } from "@/lib/online-booking/tokens";
import { serviceMinutes, totalMinutes, totalValue } from "@/lib/appointments/rules/appointment-lines";
import { CancelBooking } from "./cancel-booking";
import { CopyField } from "./copy-button";
import { DetailItem, PublicAppointmentCard } from "./public-appointment";


/** One booking as its private link shows it (server-rendered; only the cancel button runs in the browser). */
export function BookingDetails({ view, token, justBooked }: { view: BookingView; token: string; justBooked: boolean }) {
  const now = new Date();
  const cancellable = canCancel(view, now);
  const value = totalValue(view.lines);
  const professionals = [...new Set(view.lines.map((l) => l.professional).filter((p): p is string => !!p))];
  const deadline = cancelDeadline(view);
  const when = `${formatLongDate(view.date)}, às ${view.time}`;

  return (
    <main className="grid gap-5">
      {justBooked && view.statusId !== STATUS.cancelado && (
        <Alert className="border-success/50 bg-success/5">
          <CheckCircle2 aria-hidden className="text-success" />
          <AlertTitle className="text-base">Agendamento solicitado!</AlertTitle>
          <AlertDescription>O estabelecimento já recebeu seu agendamento e vai confirmá-lo. Guarde o link abaixo para ver ou cancelar.</AlertDescription>
        </Alert>
      )}

      <PublicAppointmentCard
        page="booking"
        kicker="Seu agendamento"
        view={view}
        when={when}
        details={
          <>
            <DetailItem icon={Clock}>
              <span>Duração de {formatDuration(totalMinutes(view.lines))}</span>
            </DetailItem>
            <DetailItem icon={User}>
              <span>
                {professionals.length ? `Com ${professionals.join(", ")}` : "Profissional a definir"} · em nome de {view.bookerName}
              </span>
            </DetailItem>
          </>
        }
      >

        <table className="w-full text-sm">
          <caption className="sr-only">Serviços</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Serviço</th>
              <th scope="col">Duração</th>
              <th scope="col">Valor</th>
            </tr>
          </thead>
          <tbody className="divide-y border-y">
            {view.lines.map((l, i) => (
              <tr key={`${l.service}-${i}`}>
                <td className="py-2 pr-2 font-medium">{l.service}</td>
                <td className="py-2 pr-2 text-muted-foreground">{formatDuration(serviceMinutes(l.durationMinutes))}</td>
                <td className="py-2 text-right tabular-nums">{l.price !== null ? formatBRL(l.price) : "—"}</td>
              </tr>
            ))}
          </tbody>
          {value !== null && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="pt-2 text-left font-semibold">Total</th>
                <td className="pt-2 text-right font-semibold tabular-nums">{formatBRL(value)}</td>
              </tr>
            </tfoot>
          )}
        </table>

        {view.statusId === STATUS.cancelado ? (
          <p className="text-sm text-muted-foreground">
            Este agendamento foi cancelado.{" "}
            <Link href={`/agendar/${view.business.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
              Fazer um novo agendamento
            </Link>
          </p>
        ) : cancellable ? (
          <div className="grid gap-2">
            <CancelBooking token={token} when={when} />
            <p className="text-center text-xs text-muted-foreground">
              Você pode cancelar por aqui até {formatDateTime(deadline)}.
            </p>
          </div>
        ) : !isOutcome(view.statusId) ? (
          <p className="text-sm text-muted-foreground">
            O prazo para cancelar por este link terminou. Para mudar ou cancelar, fale com o estabelecimento{view.business.phone ? `: ${view.business.phone}` : "."}
          </p>
        ) : null}
      </PublicAppointmentCard>

      <section aria-labelledby="link-title" className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <h2 id="link-title" className="text-sm font-semibold">Link do seu agendamento</h2>
        <p className="text-xs text-muted-foreground">Com ele você vê e cancela o agendamento. É pessoal: não compartilhe.</p>
        <CopyField value={bookingUrl(token)} label="Link do seu agendamento" />
      </section>
    </main>
  );
}
