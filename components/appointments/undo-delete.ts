"use client";

import { useCallback } from "react";
import { networkFailureToast, resultToast, type SuccessToast } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { undoDeleteAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { SERIES_FOLLOWING_TEXT } from "./series-following";

const appointments = (n: number) => (n === 1 ? "1 agendamento" : `${n} agendamentos`);

export const UNDO_DELETE_TEXT = {
  undone: (n: number) => (n === 0 ? "Nada a desfazer: os agendamentos já estavam de volta" : `Exclusão desfeita: ${appointments(n)} de volta à agenda`),
};

/**
 * 'Desfazer' in a delete's toast: the server puts back what it deleted (lib/appointments/undo-delete.ts,
 * within its time limit); the days it touches are read again from its changes. `toast(title, ids)`
 * is the delete's success toast with the button.
 */
export function useUndoDelete(businessId: string) {
  const undoWrite = useWrite(undoDeleteAction);
  return useCallback(
    (title: string, ids: string[]): SuccessToast => ({
      title,
      ...(ids.length && {
        action: {
          label: SERIES_FOLLOWING_TEXT.undo,
          onClick: () =>
            void undoWrite({ businessId, ids }).then(
              (r) => resultToast(r, r.ok ? { title: UNDO_DELETE_TEXT.undone(r.restored) } : undefined),
              () => networkFailureToast(MSG.undoDeleteError),
            ),
        },
      }),
    }),
    [businessId, undoWrite],
  );
}
