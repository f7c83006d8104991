"use client";

import { useCallback, useState } from "react";
import type { NewAppointmentPreset } from "@/components/appointments/new-appointment-dialog";
import { useWrite } from "@/components/live/use-write";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { markWaitlistBookedAction } from "@/lib/waitlist/actions";
import type { WaitlistEntryRow } from "@/lib/waitlist/queries";

const WaitlistDialog = preloadable(() => import("./waitlist-dialog").then((m) => m.WaitlistDialog), { whenIdle: true });

/** Novo Agendamento filled with a waitlist entry ('Agendar' on the day's list). */
function waitlistPreset(e: WaitlistEntryRow): NewAppointmentPreset {
  return {
    ...(e.clientId ? { client: { id: e.clientId, name: e.name, phone: e.phone } } : { newClient: { name: e.name, phone: e.phone, email: e.email } }),
    lines: e.services.map((s) => ({ serviceId: s.id, professionalId: e.professionalId })),
    time: e.offer?.time ?? e.timeFrom,
  };
}

/**
 * A day's 'Lista de espera' on an agenda view (the cards and the grid): which day's list is open,
 * and the entry whose 'Agendar' Novo Agendamento is booking. `openNew` opens Novo Agendamento on
 * the day, filled with the entry; once it creates the appointment, `created` marks the entry booked.
 */
export function useWaitlistBooking(businessId: string, openNew: (date: string, preset: NewAppointmentPreset) => void) {
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [booking, setBooking] = useState<{ entryId: string; preset: NewAppointmentPreset } | null>(null);
  const loaded = useOpenedOnce(openOn !== null);
  const markBooked = useWrite(markWaitlistBookedAction);
  const book = useCallback(
    (e: WaitlistEntryRow, date: string) => {
      const preset = waitlistPreset(e);
      setBooking({ entryId: e.id, preset });
      setOpenOn(null);
      openNew(date, preset);
    },
    [openNew],
  );
  return {
    /** Opens the list of a day. */
    open: setOpenOn,
    /** Novo Agendamento's preset while it books an entry of the list. */
    preset: booking?.preset,
    /** Novo Agendamento closed: it no longer books an entry. */
    clear: useCallback(() => setBooking(null), []),
    /** Novo Agendamento created `appointmentId`: the entry it booked is marked so. Whether there was one. */
    created(appointmentId: string): boolean {
      if (!booking) return false;
      void markBooked({ businessId, id: booking.entryId, appointmentId });
      return true;
    },
    dialog: loaded ? <WaitlistDialog businessId={businessId} date={openOn} onClose={() => setOpenOn(null)} onBook={book} /> : null,
  };
}
