"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, FormField, networkFailureToast, resultToast, TextField, useActionForm } from "@/components/form";
import { useLive } from "@/components/live/use-live";
import { AddAnywayActions, AffectedList } from "@/components/business-hours/affected-list";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { affectedOf, type AffectedRefusal } from "@/lib/business-hours/affected";
import { liveKey } from "@/lib/core/live/keys";
import { addTimeOffAction, deleteTimeOffAction } from "@/lib/professionals/actions";
import type { ProfessionalRow, TimeOff } from "@/lib/professionals/queries";
import { PROFESSIONAL_MESSAGES as MSG } from "@/lib/professionals/messages";
import { timeOffSchema, type TimeOffInput } from "@/lib/professionals/schemas";
import { TIME_OFF_AFFECTED, timeOffSpanText } from "@/lib/professionals/time-off-text";

type Props = { businessId: string; today: string; professional: ProfessionalRow | null; onClose: () => void };

/**
 * 'Folgas e férias': the professional's time off not ended yet, each removable, and the form that
 * adds one (a day, several days, or some hours). Over booked appointments the form lists them and
 * asks again, as a holiday does.
 */
export function TimeOffDialog({ businessId, today, professional, onClose }: Props) {
  return (
    <FormDialog open={!!professional} onOpenChange={(open) => !open && onClose()} className="sm:max-w-xl">
      <FormDialogHeader
        title={`Folgas e férias${professional ? ` de ${professional.name}` : ""}`}
        description="Dias ou horas em que o profissional não atende: a agenda e o agendamento online não oferecem esses horários."
      />
      {professional && <TimeOffBody key={professional.id} businessId={businessId} today={today} professionalId={professional.id} onDone={onClose} />}
    </FormDialog>
  );
}

function TimeOffBody({ businessId, today, professionalId, onDone }: { businessId: string; today: string; professionalId: string; onDone: () => void }) {
  // Each write below reads the list again through the write hook (its changes name professional_time_off).
  const { data, error } = useLive(liveKey(businessId, "professionals.timeOff", { professionalId }));
  return (
    <>
      <section aria-label="Folgas marcadas" className="grid gap-2">
        {error ? (
          <p className="text-sm text-destructive">{MSG.timeOffLoadError}</p>
        ) : !data ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Carregando folgas...
          </p>
        ) : !data.timeOff?.length ? (
          <p className="text-sm text-muted-foreground">Nenhuma folga marcada.</p>
        ) : (
          <ul className="grid gap-1.5">
            {data.timeOff.map((t) => (
              <TimeOffItem key={t.id} businessId={businessId} timeOff={t} />
            ))}
          </ul>
        )}
      </section>
      <AddTimeOffForm businessId={businessId} today={today} professionalId={professionalId} onDone={onDone} />
    </>
  );
}

function TimeOffItem({ businessId, timeOff: t }: { businessId: string; timeOff: TimeOff }) {
  const deleteTimeOff = useWrite(deleteTimeOffAction);
  const [pending, setPending] = useState(false);
  const span = timeOffSpanText(t);
  async function remove() {
    setPending(true);
    const r = await deleteTimeOff({ businessId, id: t.id }).catch(() => null);
    setPending(false);
    if (!r) return networkFailureToast(MSG.timeOffDeleteError);
    resultToast(r, { title: MSG.timeOffDeleted });
  }
  return (
    <li className="flex items-center justify-between gap-2 rounded-lg border p-2 text-sm" data-testid="time-off">
      <span className="min-w-0 break-words">
        <span className="font-medium">{span}</span>
        {t.reason && <span className="text-muted-foreground"> · {t.reason}</span>}
      </span>
      <Button type="button" variant="ghost" size="icon" onClick={() => void remove()} disabled={pending} aria-label={`Excluir folga ${span}`} className="shrink-0 text-destructive hover:text-destructive">
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

const EMPTY = (today: string): TimeOffInput => ({ professionalId: "", startDate: today, endDate: today, allDay: true, startTime: "", endTime: "", reason: "" });

function AddTimeOffForm({ businessId, today, professionalId, onDone }: {
  businessId: string; today: string; professionalId: string; onDone: () => void;
}) {
  const addTimeOff = useWrite(addTimeOffAction);
  // The refusal that listed the appointments: while it is shown, a submit is the confirmation.
  const [affected, setAffected] = useState<AffectedRefusal | null>(null);
  const { form, onSubmit, pending } = useActionForm({
    schema: timeOffSchema,
    defaultValues: { ...EMPTY(today), professionalId },
    action: (values: TimeOffInput) => addTimeOff({ ...values, businessId, confirm: affected !== null }),
    success: (r) => ({
      title: MSG.timeOffAdded,
      description: r.affected ? `${TIME_OFF_AFFECTED.count(r.affected)}: remarque-os ou troque o profissional.` : undefined,
    }),
    onFailure: (f) => {
      const list = affectedOf(f);
      if (list) setAffected(list);
      return !!list;
    },
    error: MSG.timeOffSaveError,
    onSuccess: () => {
      setAffected(null);
      form.reset({ ...EMPTY(today), professionalId });
    },
  });
  if (affected) {
    return (
      <Form form={form} onSubmit={onSubmit}>
        <AffectedList refusal={affected} withDate count={TIME_OFF_AFFECTED.count} keep={TIME_OFF_AFFECTED.keep} title={TIME_OFF_AFFECTED.title} />
        <AddAnywayActions pending={pending} onBack={() => setAffected(null)} />
      </Form>
    );
  }
  return (
    <Form form={form} onSubmit={onSubmit}>
      <h3 className="text-sm font-semibold">Nova folga</h3>
      <div className="grid grid-cols-2 gap-3">
        <TextField name="startDate" label="Início *" type="date" min={today} />
        <TextField name="endDate" label="Fim *" type="date" min={today} />
      </div>
      <FormField<TimeOffInput>
        name="allDay"
        label="Dia inteiro"
        className="flex items-center justify-between gap-4 rounded-lg border p-3"
        render={(field, a11y) => <Switch {...a11y} checked={field.value as boolean} onCheckedChange={field.onChange} disabled={pending} />}
      />
      <TimeOffHours />
      <TextField name="reason" label="Motivo" autoComplete="off" placeholder="Ex.: Férias, curso, consulta médica" maxLength={120} />
      <DialogActions pending={pending} pendingText="Adicionando..." onCancel={onDone} cancelLabel="Fechar">
        Adicionar folga
      </DialogActions>
    </Form>
  );
}

/** From when on the first day, until when on the last: only when it is not whole days. */
function TimeOffHours() {
  const { control } = useFormContext<TimeOffInput>();
  const allDay = useWatch({ control, name: "allDay" });
  if (allDay) return null;
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField name="startTime" label="Das (primeiro dia)" type="time" step={60} />
      <TextField name="endTime" label="Até (último dia)" type="time" step={60} />
    </div>
  );
}
