"use client";

import { useState } from "react";
import { ActionConfirmDialog, type SuccessToast } from "@/components/form";
import type { ActionFailure, ActionResult } from "@/lib/core/actions/result";
import type { SeriesScope } from "@/lib/appointments/rules/recurrence";
import { SeriesScopeChoice } from "./series-scope";

export const SERIES_MOVE_TEXT = { title: "Mover agendamento recorrente", confirm: "Mover" } as const;

type Props<R extends object> = {
  open: boolean;
  onClose: () => void;
  description?: string;
  /** The move, for the scope chosen. */
  run: (scope: SeriesScope) => Promise<ActionResult<R>>;
  success: SuccessToast;
  error: string;
  onDone?: (result: { ok: true } & R, scope: SeriesScope) => void;
  onRefusal?: (failure: ActionFailure, scope: SeriesScope) => boolean;
};

/**
 * A series' appointment dragged to another day, time or professional: 'Somente este' (the default)
 * or 'Este e os seguintes', asked before anything moves.
 */
export function SeriesMoveDialog<R extends object>({ open, onClose, description, run, success, error, onDone, onRefusal }: Props<R>) {
  const [scope, setScope] = useState<SeriesScope>("one");
  // Each drop asks afresh: the choice goes back to 'Somente este' whenever the dialog opens.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setScope("one");
  }
  return (
    <ActionConfirmDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={SERIES_MOVE_TEXT.title}
      description={description}
      confirmLabel={SERIES_MOVE_TEXT.confirm}
      run={() => run(scope)}
      success={success}
      error={error}
      onDone={(r) => onDone?.(r, scope)}
      onRefusal={onRefusal && ((f) => onRefusal(f, scope))}
    >
      <SeriesScopeChoice value={scope} onChange={setScope} />
    </ActionConfirmDialog>
  );
}
