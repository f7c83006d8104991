"use client";

import { Check, X } from "lucide-react";
import { useState } from "react";
import { sendOptimistic } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { Button } from "@/components/ui/button";
import { changeAppointmentTimeAction } from "@/lib/appointments/actions";
import type { ListedAppointment } from "@/lib/appointments/queries";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { appointmentSlot } from "@/lib/appointments/rules/appointment-lines";
import { hoursProblem, OUTSIDE_HOURS_TEXT } from "@/lib/appointments/rules/availability";
import type { BusinessDay } from "@/lib/appointments/rules/business-day";
import type { SeriesScope } from "@/lib/appointments/rules/recurrence";
import { appliedForScope } from "./cache";
import { SeriesScopeChoice } from "./series-scope";

type Props = {
  businessId: string;
  appointment: ListedAppointment;
  business: BusinessDay;
  optimistic: (patch: Partial<ListedAppointment>) => () => void;
  onDone: () => void;
};

/** The card's inline time edit, with 'Encaixe fora do horário' and, for a series, 'Somente este' / 'Este e os seguintes'. */
export function TimeEditForm({ businessId, appointment: a, business, optimistic, onDone }: Props) {
  const [value, setValue] = useState(a.time);
  const [override, setOverride] = useState(false);
  const [scope, setScope] = useState<SeriesScope>("one");
  const [saving, setSaving] = useState(false);
  const changeTime = useWrite(changeAppointmentTimeAction, appliedForScope);
  const boxId = `encaixe-${a.id}`;

  async function save() {
    if (value === a.time) return onDone();
    setSaving(true);
    const input = { businessId, id: a.id, time: value, outsideHours: override, scope };
    // 'Somente este' moves the card at once, as the server will store it (an 'Encaixe' only where the
    // hours don't cover the new time). The following occurrences are on days this tab may not have
    // loaded: the write hook reads the days it touched again.
    const undo = scope === "one" ? optimistic({ time: value, outsideHours: override && !!hoursProblem(business, appointmentSlot(value, a.lines)) }) : () => {};
    const send = () => changeTime(input);
    const saved = await sendOptimistic(undo, send, MSG.timeUpdated, MSG.timeError);
    setSaving(false);
    if (saved) onDone();
  }

  return (
    <form
      method="post"
      className="grid gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="flex items-center gap-1">
        <input
          type="time"
          step={60}
          required
          value={value}
          autoFocus
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => e.key === "Escape" && onDone()}
          aria-label="Novo horário"
          disabled={saving}
          className="h-8 w-[7.5rem] rounded-md border border-input bg-background px-2 text-sm"
        />
        <Button type="submit" size="icon-sm" variant="ghost" aria-label="Confirmar horário" disabled={saving || !value}>
          <Check aria-hidden />
        </Button>
        <Button type="button" size="icon-sm" variant="ghost" aria-label="Cancelar edição do horário" onClick={onDone} disabled={saving}>
          <X aria-hidden />
        </Button>
      </div>
      {/* A native box: the dialogs' Radix checkbox loads with them. */}
      <label htmlFor={boxId} className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <input
          id={boxId}
          type="checkbox"
          checked={override}
          onChange={(e) => setOverride(e.target.checked)}
          disabled={saving}
          className="size-4 accent-primary"
        />
        {OUTSIDE_HOURS_TEXT.override}
      </label>
      {a.seriesId && <SeriesScopeChoice value={scope} onChange={setScope} disabled={saving} compact />}
    </form>
  );
}
