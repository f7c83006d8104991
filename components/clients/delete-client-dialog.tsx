"use client";

import { useState } from "react";
import { useWrite } from "@/components/live/use-write";
import { ActionConfirmDialog } from "@/components/form";
import { Checkbox } from "@/components/ui/checkbox";
import { deleteClientAction } from "@/lib/clients/actions";
import type { ClientRow } from "@/lib/clients/queries";
import { CLIENT_MESSAGES } from "@/lib/clients/messages";

/**
 * 'Tem certeza que deseja excluir este cliente?'. A client with appointments needs a second,
 * explicit confirmation: deleting them deletes those appointments too (the server refuses otherwise).
 */
export function DeleteClientDialog({ businessId, client, onClose }: { businessId: string; client: ClientRow | null; onClose: () => void }) {
  const remove = useWrite(deleteClientAction);
  const [alsoAppointments, setAlsoAppointments] = useState(false);
  const count = client?.appointmentCount ?? 0;
  return (
    <ActionConfirmDialog
      open={!!client}
      onOpenChange={(open) => {
        if (open) return;
        setAlsoAppointments(false);
        onClose();
      }}
      title="Excluir cliente"
      description={
        <>
          Tem certeza que deseja excluir este cliente?
          {count > 0 && (
            <span className="mt-3 flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-destructive">
              <Checkbox
                id="delete-client-appointments"
                checked={alsoAppointments}
                onCheckedChange={(v) => setAlsoAppointments(v === true)}
                className="mt-0.5"
              />
              <label htmlFor="delete-client-appointments">
                {client?.name} tem {count} {count === 1 ? "agendamento" : "agendamentos"}. Excluir o cliente exclui também{" "}
                {count === 1 ? "esse agendamento" : "esses agendamentos"}.
              </label>
            </span>
          )}
        </>
      }
      confirmLabel="Excluir"
      destructive
      confirmDisabled={count > 0 && !alsoAppointments}
      run={() => remove({ businessId, id: client!.id, withAppointments: alsoAppointments })}
      success={{ title: CLIENT_MESSAGES.deleted }}
      error={CLIENT_MESSAGES.deleteError}
    />
  );
}
