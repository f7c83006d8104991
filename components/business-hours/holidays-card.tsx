"use client";

import { useState } from "react";
import { ActionConfirmDialog, resultToast } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { EmptyState } from "@/components/data/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { Switch } from "@/components/ui/switch";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { preloadable } from "@/components/ui/preloadable";
import { removeHolidayAction, saveHolidaySettingAction } from "@/lib/business-hours/actions";
import type { HolidayItem } from "@/lib/business-hours/queries";
import { HOURS_MESSAGES } from "@/lib/business-hours/messages";
import { formatDate } from "@/lib/core/format/date";
import { HolidayLabel } from "./holiday-label";
import { settle } from "./settle";
import type { HoursIcons } from "./business-hours-view";

// The add dialog (its form and calendar) is not in the first load: it loads once the page is idle.
const AddHolidayDialog = preloadable(() => import("./add-holiday-dialog").then((m) => m.AddHolidayDialog), { whenIdle: true });

type Props = {
  businessId: string;
  today: string;
  worksOnHolidays: boolean;
  holidays: HolidayItem[];
  icons: Pick<HoursIcons, "add" | "remove" | "empty">;
  /** A write refused (the holiday gone already): the screen reads its data again. */
  onChanged: () => void;
  /** The rule saved: the screen shows it at once (the hook reads the national holidays' verdicts again). */
  onSettingSaved: (works: boolean) => void;
};

/** "Aberto das 09:00 às 13:00" / "Fechado" for a holiday of the business. */
export function holidayHoursText(h: Pick<HolidayItem, "isWorking" | "openTime" | "closeTime">): string {
  if (!h.isWorking) return "Fechado";
  return h.openTime && h.closeTime ? `Aberto das ${h.openTime} às ${h.closeTime}` : "Aberto no horário normal";
}

/** The 'works on holidays' default and the business's own holidays, with add and remove. */
export function HolidaysCard({ businessId, today, worksOnHolidays, holidays, icons, onChanged, onSettingSaved }: Props) {
  const [adding, setAdding] = useState(false);
  const addLoaded = useOpenedOnce(adding);
  const [removing, setRemoving] = useState<HolidayItem | null>(null);
  const [settingPending, setSettingPending] = useState<boolean | null>(null);
  const saveSetting = useWrite(saveHolidaySettingAction);
  const removeHoliday = useWrite(removeHolidayAction);

  async function setWorks(next: boolean) {
    setSettingPending(next);
    const result = await settle(() => saveSetting({ businessId, worksOnHolidays: next }), HOURS_MESSAGES.saveSettings);
    resultToast(result, {
      title: HOURS_MESSAGES.settingUpdated,
      description: next ? "A agenda abre nos feriados nacionais." : "A agenda fecha nos feriados nacionais.",
    });
    if (result.ok) onSettingSaved(next);
    setSettingPending(null);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Feriados</CardTitle>
        <CardDescription>Nos feriados nacionais a agenda segue a regra abaixo; os feriados do negócio têm o seu próprio horário.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
          <div className="grid gap-1">
            <Label htmlFor="works-on-holidays">Funciona em feriados</Label>
            <p id="works-on-holidays-hint" className="text-xs text-muted-foreground">
              Ligado: os feriados nacionais são dias normais. Desligado: a agenda fica fechada neles.
            </p>
          </div>
          <Switch
            id="works-on-holidays"
            aria-describedby="works-on-holidays-hint"
            checked={settingPending ?? worksOnHolidays}
            disabled={settingPending !== null}
            onCheckedChange={(v) => void setWorks(v)}
          />
        </div>
        <Separator />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold" id="own-holidays-title">
            Feriados do negócio
          </h3>
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            {icons.add}
            Adicionar feriado
          </Button>
        </div>
        {holidays.length === 0 ? (
          <EmptyState
            icon={icons.empty}
            className="py-6"
            title="Nenhum feriado cadastrado."
            description="Cadastre os dias em que o negócio fecha ou abre em outro horário."
          />
        ) : (
          <ul className="grid gap-2" aria-labelledby="own-holidays-title">
            {holidays.map((h) => (
              <li key={h.id} className="flex items-center justify-between gap-3 rounded-lg border p-3" data-testid="holiday-item">
                <HolidayLabel name={h.name} date={h.date} truncate />
                <div className="flex shrink-0 items-center gap-1">
                  <Badge variant={h.isWorking ? "success" : "secondary"}>{holidayHoursText(h)}</Badge>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    aria-label={`Remover feriado ${h.name}`}
                    onClick={() => setRemoving(h)}
                  >
                    {icons.remove}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {addLoaded && <AddHolidayDialog businessId={businessId} today={today} open={adding} onOpenChange={setAdding} />}
      <ActionConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover feriado"
        description={
          removing ? `Tem certeza que deseja remover o feriado "${removing.name}" de ${formatDate(removing.date)}? Nesse dia a agenda volta a seguir os horários da semana e a regra dos feriados nacionais.` : undefined
        }
        confirmLabel="Remover"
        destructive
        run={async () => {
          const result = await settle(() => removeHoliday({ businessId, id: removing!.id }), HOURS_MESSAGES.removeHoliday);
          // Gone already (another user removed it): the list catches up.
          if (!result.ok) onChanged();
          return result;
        }}
        success={{ title: HOURS_MESSAGES.holidayRemoved }}
        error={HOURS_MESSAGES.error}
      />
    </Card>
  );
}
