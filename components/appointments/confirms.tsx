"use client";

import { useState } from "react";
import { ActionConfirmDialog } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { deleteAppointmentAction, moveAppointmentAction } from "@/lib/appointments/actions";
import type { ListedAppointment } from "@/lib/appointments/queries";
import { APPOINTMENT_MESSAGES as MSG, OUTSIDE_HOURS_CODE } from "@/lib/appointments/messages";
import { OUTSIDE_HOURS_TEXT } from "@/lib/appointments/rules/availability";
import type { SeriesScope } from "@/lib/appointments/rules/recurrence";
import { formatDate } from "@/lib/core/format/date";
import { appliedForScope } from "./cache";
import { SeriesMoveDialog } from "./series-move-dialog";
import { SeriesFollowingFields, SERIES_FOLLOWING_TEXT, useSeriesFrom } from "./series-following";
import { SeriesScopeChoice } from "./series-scope";
import { useUndoDelete } from "./undo-delete";
import type { useDayList } from "./use-day-list";

/** What the agenda asks the user to confirm. */
export type ConfirmAsk =
  | { kind: "delete"; appointment: ListedAppointment }
  /** A series' card dropped on another day: 'Somente este' or 'Este e os seguintes'. */
  | { kind: "move"; appointment: ListedAppointment; date: string }
  /** A drop the hours rule refused, until the user asks for the 'Encaixe' or not. */
  | { kind: "outside"; id: string; date: string; reason: string; scope: SeriesScope };

type DayList = Pick<ReturnType<typeof useDayList>, "placed" | "optimistic">;

/**
 * The agenda's confirmations: a delete, a series' move, the 'Encaixe' after a refused drop. Their
 * code loads when the agenda is idle, not with its first load.
 */
export function Confirms({ businessId, ask, onAsk, dayList }: { businessId: string; ask: ConfirmAsk | null; onAsk: (ask: ConfirmAsk | null) => void; dayList: DayList }) {
  const [deleteScope, setDeleteScope] = useState<SeriesScope>("one");
  const [reason, setReason] = useState("");
  // 'Somente este' is put into the cache from the answer (`onDone`); 'Este e os seguintes' reaches
  // days this tab may not have loaded, so the hook reads the touched days and their counts again.
  const remove = useWrite(deleteAppointmentAction, appliedForScope);
  const move = useWrite(moveAppointmentAction, appliedForScope);
  const undoToast = useUndoDelete(businessId);
  const deleting = ask?.kind === "delete" ? ask.appointment : null;
  const moving = ask?.kind === "move" ? ask : null;
  const outside = ask?.kind === "outside" ? ask : null;
  const close = () => onAsk(null);
  const deletingFollowing = deleting?.seriesId && deleteScope === "following" ? deleting : null;
  const series = useSeriesFrom(businessId, deletingFollowing?.id ?? null);
  return (
    <>
      <ActionConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => {
          if (open) return;
          close();
          setDeleteScope("one");
          setReason("");
        }}
        title="Confirmar exclusão"
        description={deleting ? `Tem certeza que deseja remover o agendamento de ${deleting.client.name}? Esta ação não pode ser desfeita.` : undefined}
        confirmLabel="Remover"
        destructive
        run={() => {
          if (!deletingFollowing) return remove({ businessId, id: deleting!.id, scope: "one" });
          return remove({ businessId, id: deletingFollowing.id, scope: "following", ...(reason.trim() ? { reason: reason.trim() } : {}) });
        }}
        success={(r) => undoToast(r.ids.length > 1 ? SERIES_FOLLOWING_TEXT.deleted(r.ids.length) : MSG.deleted, r.ids)}
        error={MSG.deleteError}
        onDone={(r) => {
          for (const id of r.ids) dayList.placed(id, null);
        }}
      >
        {deleting?.seriesId && <SeriesScopeChoice value={deleteScope} onChange={setDeleteScope} />}
        {deletingFollowing && (
          <SeriesFollowingFields count={series && SERIES_FOLLOWING_TEXT.delete(series.total)} reason={reason} onReason={setReason} />
        )}
      </ActionConfirmDialog>
      <SeriesMoveDialog
        open={!!moving}
        onClose={close}
        description={moving ? `${moving.appointment.client.name} às ${moving.appointment.time} para ${formatDate(moving.date)}.` : undefined}
        run={(scope) => move({ businessId, id: moving!.appointment.id, date: moving!.date, scope })}
        success={{ title: MSG.dateUpdated }}
        error={MSG.dateError}
        onDone={(_, scope) => void (scope === "one" && moving && dayList.optimistic(moving.appointment.id, { date: moving.date }))}
        onRefusal={(refused, scope) => {
          if (refused.code !== OUTSIDE_HOURS_CODE || !moving) return false;
          onAsk({ kind: "outside", id: moving.appointment.id, date: moving.date, reason: refused.description ?? refused.error, scope });
          return true;
        }}
      />
      <ActionConfirmDialog
        open={!!outside}
        onOpenChange={(open) => !open && close()}
        title={OUTSIDE_HOURS_TEXT.title}
        description={outside?.reason}
        confirmLabel={OUTSIDE_HOURS_TEXT.override}
        run={() => move({ businessId, id: outside!.id, date: outside!.date, outsideHours: true, scope: outside!.scope })}
        success={{ title: MSG.dateUpdated }}
        error={MSG.dateError}
        onDone={() => void (outside?.scope === "one" && dayList.optimistic(outside.id, { date: outside.date, outsideHours: true }))}
      />
    </>
  );
}
