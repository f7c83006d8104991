"use client";

import { useId } from "react";
import { useLive } from "@/components/live/use-live";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { liveKey } from "@/lib/core/live/keys";

/** How many appointments 'Este e os seguintes' would change from `id` (null: not asked); undefined while it is read. */
export function useSeriesFrom(businessId: string, id: string | null) {
  return useLive(id ? liveKey(businessId, "appointments.series", { id }) : null).data?.series;
}

const appointments = (n: number) => (n === 1 ? "1 agendamento" : `${n} agendamentos`);

/** 'Este e os seguintes' of a delete or a cancel: the words of the confirmation and of its toast. */
export const SERIES_FOLLOWING_TEXT = {
  delete: (n: number) => `${n === 1 ? "Será removido" : "Serão removidos"} ${appointments(n)}: este e os seguintes da série.`,
  cancel: (n: number) => `${n === 1 ? "Será cancelado" : "Serão cancelados"} ${appointments(n)}: este e os seguintes da série que ainda não estão cancelados.`,
  deleted: (n: number) => `${appointments(n)} ${n === 1 ? "deletado" : "deletados"}`,
  cancelled: (n: number) => `${appointments(n)} ${n === 1 ? "cancelado" : "cancelados"}`,
  /** The toast's button after a cancel, while it shows. */
  undo: "Desfazer",
  undone: (n: number) => (n === 0 ? "Nada a desfazer: os agendamentos já tinham mudado" : `Cancelamento desfeito: ${appointments(n)} de volta à agenda`),
};

/**
 * What 'Este e os seguintes' will change, counted on the server (its later days may not be loaded
 * here), and an optional reason that goes into each change's audit row.
 */
export function SeriesFollowingFields({ count, reason, onReason, disabled }: {
  count: string | undefined; reason: string; onReason: (v: string) => void; disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium" role="status" data-testid="series-following-count">
        {count ?? "Contando os agendamentos da série..."}
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Motivo (opcional)</Label>
        <Input id={id} value={reason} onChange={(e) => onReason(e.target.value)} maxLength={200} autoComplete="off" disabled={disabled} placeholder="Ex.: cliente mudou de cidade" />
      </div>
    </div>
  );
}
