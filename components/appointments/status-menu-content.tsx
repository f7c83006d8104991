"use client";

import { Fragment, useState } from "react";
import { ActionConfirmDialog, networkFailureToast, resultToast, sendOptimistic } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuGroup, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { MenuTrigger } from "@/components/ui/lazy-menu";
import { setAppointmentStatusAction, undoCancelAction } from "@/lib/appointments/actions";
import type { ListedAppointment } from "@/lib/appointments/queries";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { isOutcome, NOT_STARTED_TEXT, STATUS, STATUS_MENU, statusAllowed, type StatusId } from "@/lib/appointments/status";
import type { SeriesScope } from "@/lib/appointments/rules/recurrence";
import { appliedForScope, shiftNoShows } from "./cache";
import { SeriesFollowingFields, SERIES_FOLLOWING_TEXT, useSeriesFrom } from "./series-following";
import { SCOPE_LABELS } from "./series-scope";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { cn } from "@/lib/cn";

const firstOutcome = STATUS_MENU.find((s) => isOutcome(s.id))?.id;

export type StatusMenuProps = {
  businessId: string;
  appointment: ListedAppointment;
  optimistic: (patch: Partial<ListedAppointment>) => () => void;
};

/**
 * A card's status menu, open (see LazyMenu): the choices, the change shown at once and undone if
 * refused. 'Concluído' and 'Faltou' wait for the visit's start (the server holds the same rule),
 * and until then the menu says why.
 */
export default function StatusMenuContent({ businessId, appointment: a, optimistic, trigger }: StatusMenuProps & { trigger: MenuTrigger }) {
  // The clock when the menu (re)opens: the menu stays mounted after its first open.
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  const started = businessDateTimeToInstant(a.date, a.time).getTime() <= openedAt;
  const setStatus = useWrite(setAppointmentStatusAction, appliedForScope);
  const undoWrite = useWrite(undoCancelAction);
  // 'Desfazer' in the toast: each one back to the status it had.
  async function undoCancel(items: { id: string; statusId: number }[]) {
    try {
      const r = await undoWrite({ businessId, items });
      resultToast(r, r.ok ? { title: SERIES_FOLLOWING_TEXT.undone(r.restored) } : undefined);
    } catch {
      networkFailureToast(MSG.statusError);
    }
  }
  // 'Cancelado: Este e os seguintes' asks first, with how many it cancels and an optional reason.
  const [askFollowing, setAskFollowing] = useState(false);
  const [reason, setReason] = useState("");
  const series = useSeriesFrom(businessId, askFollowing ? a.id : null);
  async function change(statusId: StatusId, scope: SeriesScope = "one") {
    if (statusId === a.statusId && scope === "one") return;
    const undoCard = optimistic({ statusId });
    // To or from 'Faltou': the client's 'N faltas' on their other cards too ('Este e os seguintes' is read again).
    const noShows = (s: number) => (s === STATUS.faltou ? 1 : 0);
    const undoCount = scope === "one" ? shiftNoShows(businessId, a.client.id, noShows(statusId) - noShows(a.statusId)) : () => {};
    const undo = () => {
      undoCount();
      undoCard();
    };
    // 'Este e os seguintes' changes cards of other days: the hook reads the days it touched again.
    const send = () => setStatus(scope === "one" ? { businessId, id: a.id, statusId } : { businessId, id: a.id, statusId, scope });
    await sendOptimistic(undo, send, MSG.statusUpdated, MSG.statusError);
  }
  return (
    <DropdownMenu defaultOpen onOpenChange={(open) => open && setOpenedAt(Date.now())}>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent align="end" className="max-w-64">
        {STATUS_MENU.map((s) => (
          <Fragment key={s.id}>
            {s.id === firstOutcome && <DropdownMenuSeparator />}
            {a.seriesId && s.id === STATUS.cancelado ? (
              // One of a series: 'Cancelado' asks 'Somente este' / 'Este e os seguintes'.
              <DropdownMenuGroup aria-label={s.label}>
                <DropdownMenuLabel className="flex items-center gap-2">
                  <span aria-hidden className={cn("size-2 rounded-full", s.bar)} />
                  {s.label}
                </DropdownMenuLabel>
                {(["one", "following"] as const).map((scope) => (
                  <DropdownMenuItem
                    key={scope}
                    className="pl-6"
                    onSelect={() => (scope === "following" ? setAskFollowing(true) : void change(s.id as StatusId, scope))}
                    aria-label={`${s.label}: ${SCOPE_LABELS[scope]}`}
                  >
                    {SCOPE_LABELS[scope]}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuGroup>
            ) : (
              <DropdownMenuItem
                onSelect={() => void change(s.id as StatusId)}
                disabled={!statusAllowed(s.id, started)}
                aria-current={s.id === a.statusId || undefined}
              >
                <span aria-hidden className={cn("size-2 rounded-full", s.bar)} />
                {s.label}
              </DropdownMenuItem>
            )}
          </Fragment>
        ))}
        {!started && <p className="px-2 py-1.5 text-xs text-muted-foreground">{NOT_STARTED_TEXT}</p>}
      </DropdownMenuContent>
      <ActionConfirmDialog
        open={askFollowing}
        onOpenChange={(open) => {
          if (open) return;
          setAskFollowing(false);
          setReason("");
        }}
        title="Cancelar este e os seguintes?"
        description={`${a.client.name} às ${a.time} e os agendamentos seguintes da série.`}
        confirmLabel="Cancelar agendamentos"
        cancelLabel="Voltar"
        destructive
        run={() => setStatus({ businessId, id: a.id, statusId: STATUS.cancelado, scope: "following", ...(reason.trim() ? { reason: reason.trim() } : {}) })}
        success={(r) => ({
          title: SERIES_FOLLOWING_TEXT.cancelled(r.changed.length),
          ...(r.changed.length && { action: { label: SERIES_FOLLOWING_TEXT.undo, onClick: () => void undoCancel(r.changed) } }),
        })}
        error={MSG.statusError}
      >
        <SeriesFollowingFields count={series && SERIES_FOLLOWING_TEXT.cancel(series.active)} reason={reason} onReason={setReason} />
      </ActionConfirmDialog>
    </DropdownMenu>
  );
}
