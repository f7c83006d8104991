"use client";

import { useEffect, useMemo, useState } from "react";
import { useLive } from "@/components/live/use-live";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Sheet, SheetContent } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListedAppointment } from "@/lib/appointments/queries";
import { formatLongDate } from "@/lib/core/format/date";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { Details, StatusMenu } from "./appointment-card";
import { cardWrites, dayKey } from "./cache";
import { Confirms, type ConfirmAsk } from "./confirms";
import { RescheduleDialog } from "./reschedule-dialog";
import { ServicesEditorDialog } from "./services-editor-dialog";

/** The block that was opened: its appointment, and the client's name to title the panel while the card loads. */
export type OpenedBlock = { id: string; clientName: string };

/**
 * A 'Grade' block opened (issue 52): its appointment in a side panel (a bottom sheet on a phone)
 * with what its card in 'Cartões' offers: the status menu, the details with 'Cliente', 'Editar',
 * 'Reagendar' and 'Excluir'. The card is the day's own read (`appointments.day`, the cards' read), so the card's
 * menu and dialogs put their writes into it as they do on the cards, and the grid's read follows
 * through the write hook. Esc or 'Fechar' gives the focus back to the block.
 */
export function AppointmentPanel({ businessId, date, cursor, opened, onClose }: {
  businessId: string; date: string; cursor: Cursor; opened: OpenedBlock | null; onClose: () => void;
}) {
  const [editing, setEditing] = useState<ListedAppointment | null>(null);
  const [rescheduling, setRescheduling] = useState<ListedAppointment | null>(null);
  const [ask, setAsk] = useState<ConfirmAsk | null>(null);
  const writes = useMemo(() => cardWrites(businessId), [businessId]);
  return (
    <>
      <Sheet open={!!opened} onOpenChange={(open) => !open && onClose()}>
        <SheetContent data-testid="appointment-panel">
          {opened && (
            <Body
              businessId={businessId}
              date={date}
              cursor={cursor}
              opened={opened}
              optimistic={writes.optimistic}
              onGone={onClose}
              onEdit={setEditing}
              onReschedule={setRescheduling}
              onDelete={(appointment) => setAsk({ kind: "delete", appointment })}
            />
          )}
        </SheetContent>
      </Sheet>
      <ServicesEditorDialog businessId={businessId} appointment={editing} onClose={() => setEditing(null)} onSaved={writes.placed} />
      <RescheduleDialog businessId={businessId} appointment={rescheduling} onClose={() => setRescheduling(null)} onSaved={writes.placed} />
      <Confirms businessId={businessId} ask={ask} onAsk={setAsk} dayList={writes} />
    </>
  );
}

function Body({ businessId, date, cursor, opened, optimistic, onGone, onEdit, onReschedule, onDelete }: {
  businessId: string; date: string; cursor: Cursor; opened: OpenedBlock;
  optimistic: ReturnType<typeof cardWrites>["optimistic"];
  onGone: () => void; onEdit: (a: ListedAppointment) => void; onReschedule: (a: ListedAppointment) => void; onDelete: (a: ListedAppointment) => void;
}) {
  const { data } = useLive(dayKey(businessId, date), undefined, cursor);
  const a = data?.appointments.find((x) => x.id === opened.id);
  // Deleted (here or in another tab), or moved to another day: nothing left to show.
  const gone = data !== undefined && !a;
  useEffect(() => {
    if (gone) onGone();
  }, [gone, onGone]);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{a?.client.name ?? opened.clientName}</DialogTitle>
        <DialogDescription className="first-letter:uppercase">
          {formatLongDate(date)}
          {a && ` às ${a.time}`}
        </DialogDescription>
      </DialogHeader>
      {!a ? (
        <Skeleton className="h-48" />
      ) : (
        <>
          <div className="flex items-center gap-3 text-sm">
            <span className="text-muted-foreground">Status</span>
            <StatusMenu businessId={businessId} appointment={a} optimistic={(patch) => optimistic(a.id, patch)} />
          </div>
          <Details
            businessId={businessId}
            appointment={a}
            onEdit={() => onEdit(a)}
            onReschedule={() => onReschedule(a)}
            onDelete={() => onDelete(a)}
            className="px-0 pt-4"
          />
        </>
      )}
    </>
  );
}
