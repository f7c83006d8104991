"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionConfirmDialog } from "@/components/form";
import { Button } from "@/components/ui/button";
import { cancelOnlineBookingAction } from "@/lib/online-booking/actions";
import { ONLINE_MESSAGES as MSG } from "@/lib/online-booking/messages";

/** 'Cancelar agendamento' on the private link, with a confirmation; the page then shows it cancelled. */
export function CancelBooking({ token, when }: { token: string; when: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="w-full text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
        Cancelar agendamento
      </Button>
      <ActionConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancelar agendamento?"
        description={`O horário de ${when} será liberado para outra pessoa. Esta ação não pode ser desfeita.`}
        confirmLabel="Cancelar agendamento"
        cancelLabel="Manter agendamento"
        destructive
        run={() => cancelOnlineBookingAction({ token })}
        success={{ title: MSG.cancelled, description: MSG.cancelledDescription }}
        error={MSG.cancelError}
        onDone={() => router.refresh()}
      />
    </>
  );
}
