"use client";

import { Receipt } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { failureToast, networkFailureToast } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { IntentLink } from "@/components/shell/intent-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ListedAppointment } from "@/lib/appointments/queries";
import { openComandaAction } from "@/lib/comandas/actions";
import { COMANDA_MESSAGES as M } from "@/lib/comandas/messages";

/**
 * The visit's comanda from its card or grid block (issue 53): 'Ver comanda' when one is open or
 * closed, else 'Abrir comanda' (the server finds the one already opened, so two desks open one).
 */
export function ComandaButton({ businessId, appointment: a }: { businessId: string; appointment: ListedAppointment }) {
  const router = useRouter();
  const open = useWrite(openComandaAction);
  const [pending, setPending] = useState(false);
  if (a.comanda) {
    return (
      <Button size="sm" variant="outline" asChild>
        <IntentLink href={`/comandas/${a.comanda.id}`} aria-label={`${M.view} de ${a.client.name}`}>
          <Receipt aria-hidden /> {M.view}
        </IntentLink>
      </Button>
    );
  }
  async function start() {
    setPending(true);
    try {
      const r = await open({ businessId, appointmentId: a.id });
      if (r.ok) router.push(`/comandas/${r.id}`);
      else failureToast(r);
    } catch (e) {
      console.error(e);
      networkFailureToast(M.openError);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button size="sm" variant="outline" onClick={() => void start()} disabled={pending} aria-label={`${M.open} de ${a.client.name}`}>
      <Receipt aria-hidden /> {M.open}
    </Button>
  );
}

const MARKS = {
  open: { text: M.badgeOpen, variant: "outline" },
  closed: { text: M.badgePaid, variant: "secondary" },
  reversed: { text: M.badgeReversed, variant: "destructive-outline" },
} as const;

/** The card's 'Comanda aberta' / 'Paga' / 'Estornada'. */
export function ComandaMark({ appointment: a }: { appointment: ListedAppointment }) {
  if (!a.comanda) return null;
  const mark = MARKS[a.comanda.status];
  return (
    <Badge variant={mark.variant} className="ml-1 mt-1 gap-1 text-[11px]" data-testid="comanda-mark">
      <Receipt aria-hidden className="size-3" /> {mark.text}
    </Badge>
  );
}
