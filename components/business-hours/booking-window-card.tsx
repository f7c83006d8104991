"use client";

import { useState } from "react";
import { useWrite } from "@/components/live/use-write";
import { resultToast } from "@/components/form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { LazySelect } from "@/components/ui/lazy-select";
import { Spinner } from "@/components/ui/spinner";
import { saveBookingWindowAction } from "@/lib/business-hours/actions";
import { BOOKING_WINDOW_OPTIONS, HOURS_MESSAGES } from "@/lib/business-hours/messages";
import { settle } from "./settle";

type Props = { businessId: string; days: number; onSaved: (days: number) => void };

/** 'Janela de agendamento': saved as soon as it is chosen; a failure puts the old value back. */
export function BookingWindowCard({ businessId, days, onSaved }: Props) {
  const [pending, setPending] = useState<number | null>(null);
  // `onSaved` puts the new window into the screen's data: nothing is read again.
  const saveWindow = useWrite(saveBookingWindowAction, ["business-hours"]);
  const shown = pending ?? days;
  // A value outside the list (set before the list existed) still shows, instead of an empty select.
  const options: number[] = (BOOKING_WINDOW_OPTIONS as readonly number[]).includes(days) ? [...BOOKING_WINDOW_OPTIONS] : [...BOOKING_WINDOW_OPTIONS, days].sort((a, b) => a - b);

  async function choose(value: string) {
    const next = Number(value);
    if (next === days) return;
    setPending(next);
    const result = await settle(() => saveWindow({ businessId, days: next }), HOURS_MESSAGES.saveWindow);
    resultToast(result, { title: HOURS_MESSAGES.windowUpdated, description: `A agenda lista os próximos ${next} dias.` });
    if (result.ok) onSaved(next);
    setPending(null);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Janela de agendamento</CardTitle>
        <CardDescription>Até quantos dias à frente a agenda mostra os dias com agendamentos.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid gap-2">
          <Label htmlFor="booking-window" className="flex items-center gap-2">
            Janela de agendamento
            {pending !== null && <Spinner />}
          </Label>
          <LazySelect
            id="booking-window"
            className="sm:max-w-60"
            value={String(shown)}
            onValueChange={(v) => void choose(v)}
            disabled={pending !== null}
            options={options.map((n) => ({ value: String(n), label: `${n} dias` }))}
          />
        </div>
      </CardContent>
    </Card>
  );
}
