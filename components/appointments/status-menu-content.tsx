"use client";

import { sendOptimistic } from "@/components/form";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { MenuTrigger } from "@/components/ui/lazy-menu";
import { setAppointmentStatusAction } from "@/lib/appointments/actions";
import { ownWrite } from "@/lib/core/live/own-changes";
import type { AgendaAppointment } from "@/lib/appointments/queries";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { statusChoices } from "@/lib/appointments/status";
import { cn } from "@/lib/cn";

export type StatusMenuProps = {
  businessId: string;
  appointment: AgendaAppointment;
  optimistic: (patch: Partial<AgendaAppointment>) => () => void;
};

/** A card's status menu, open (see LazyMenu): the choices, the change shown at once and undone if refused. */
export default function StatusMenuContent({ businessId, appointment: a, optimistic, trigger }: StatusMenuProps & { trigger: MenuTrigger }) {
  async function change(statusId: number) {
    if (statusId === a.statusId) return;
    const undo = optimistic({ statusId });
    await sendOptimistic(undo, () => ownWrite(setAppointmentStatusAction({ businessId, id: a.id, statusId: statusId as 1 | 2 | 3 | 4 })), MSG.statusUpdated, MSG.statusError);
  }
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent align="end">
        {statusChoices(a.statusId).map((s) => (
          <DropdownMenuItem key={s.id} onSelect={() => void change(s.id)} aria-current={s.id === a.statusId || undefined}>
            <span aria-hidden className={cn("size-2 rounded-full", s.bar)} />
            {s.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
