"use client";

import { useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { DialogActions, Form, FormDialog, FormDialogHeader, SelectField, TextField, useActionForm } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { FreeTimeButtons } from "@/components/online-booking/free-time-buttons";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { rescheduleAction } from "@/lib/appointments/actions";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import type { ListedAppointment } from "@/lib/appointments/queries";
import { KEEP_PROFESSIONALS, rescheduleFormSchema } from "@/lib/appointments/schemas";
import { formatLongDate } from "@/lib/core/format/date";
import { liveKey, type LiveData } from "@/lib/core/live/keys";
import { readLive } from "@/lib/core/live/read";
import { LiveReadError } from "@/lib/core/live/store";
import { parseDateOnly } from "@/lib/core/time/business-date";
import { CARD_READS } from "./cache";
import { EncaixeField } from "./encaixe-field";

type Saved = (id: string, appointment: ListedAppointment | null) => void;

/**
 * 'Reagendar' (issue 52): another date, time and professional for one appointment in one dialog,
 * with the day's free times as buttons (the public page's, by its rule: appointments.freeTimes);
 * a time typed instead is checked by the server as every move is (appointments.reschedule).
 */
export function RescheduleDialog({ businessId, appointment, onClose, onSaved }: { businessId: string; appointment: ListedAppointment | null; onClose: () => void; onSaved: Saved }) {
  return (
    <FormDialog open={!!appointment} onOpenChange={(open) => !open && onClose()} className="sm:max-w-xl">
      {appointment && <RescheduleForm businessId={businessId} appointment={appointment} onDone={onClose} onSaved={onSaved} />}
    </FormDialog>
  );
}

/** The professionals it has, as the select's first option: one for every service is that one; several (or none) are kept as they are. */
function currentOption(a: ListedAppointment): { value: string; label: string } {
  const ids = [...new Set(a.lines.map((l) => l.professionalId))];
  if (ids.length === 1 && ids[0]) return { value: ids[0], label: a.lines[0].professionalName ?? "Profissional" };
  const names = [...new Set(a.lines.map((l) => l.professionalName ?? "Sem profissional"))];
  return { value: KEEP_PROFESSIONALS, label: names.length ? `Manter os atuais (${names.join(" e ")})` : "Sem profissional" };
}

const validDate = (v: string) => {
  try {
    parseDateOnly(v);
    return true;
  } catch {
    return false;
  }
};

type FreeTimes = LiveData<"appointments.freeTimes">;

/** The day's free times for the professional chosen (KEEP_PROFESSIONALS: those it has), read again on each change and after a refused save. */
function useFreeTimes(businessId: string, id: string, date: string, professionalId: string, again: number) {
  const [state, setState] = useState<{ for: string; data: FreeTimes | null; error: string | null }>({ for: "", data: null, error: null });
  const seq = useRef(0);
  const asked = `${date}|${professionalId}|${again}`;
  useEffect(() => {
    if (!validDate(date)) return;
    const mine = ++seq.current;
    const params: Record<string, string> = { id, date };
    if (professionalId !== KEEP_PROFESSIONALS) params.professionalId = professionalId;
    readLive(liveKey(businessId, "appointments.freeTimes", params)).then(
      (data) => mine === seq.current && setState({ for: asked, data, error: null }),
      (e: unknown) => mine === seq.current && setState({ for: asked, data: null, error: e instanceof LiveReadError && e.status ? (e.body.description ?? e.body.error) : MSG.loadFreeTimesError }),
    );
  }, [businessId, id, date, professionalId, asked]);
  return { ...state, loading: validDate(date) && state.for !== asked };
}

function RescheduleForm({ businessId, appointment: a, onDone, onSaved }: { businessId: string; appointment: ListedAppointment; onDone: () => void; onSaved: Saved }) {
  const current = currentOption(a);
  const [inline, setInline] = useState<string | null>(null);
  const [again, setAgain] = useState(0);
  // The card comes with the answer and is put into the days; the grid's day is read again.
  const reschedule = useWrite(rescheduleAction, CARD_READS);
  const { form, onSubmit, pending } = useActionForm({
    schema: rescheduleFormSchema,
    defaultValues: { date: a.date, time: a.time, professionalId: current.value, outsideHours: false },
    action: (v) => reschedule({ businessId, id: a.id, date: v.date, time: v.time, outsideHours: v.outsideHours, professionalId: v.professionalId === KEEP_PROFESSIONALS ? null : v.professionalId }),
    success: { title: MSG.rescheduled },
    error: MSG.rescheduleError,
    // What was chosen stays; the reason is said above the buttons (no toast over them on a phone), and
    // the free times are read again (another tab may have taken one).
    onFailure: (f) => {
      setInline(f.description ? `${f.error}: ${f.description}` : f.error);
      setAgain((n) => n + 1);
      return true;
    },
    onSuccess: (r) => {
      onSaved(a.id, r.appointment);
      onDone();
    },
  });
  const [date, time, professionalId] = useWatch({ control: form.control, name: ["date", "time", "professionalId"] });
  const free = useFreeTimes(businessId, a.id, date, professionalId, again);
  const options = [current, ...(free.data?.professionals ?? []).filter((p) => p.id !== current.value).map((p) => ({ value: p.id, label: p.name }))];

  return (
    <Form form={form} onSubmit={onSubmit} onChange={() => setInline(null)}>
      <FormDialogHeader
        title="Reagendar"
        description={
          <>
            {a.client.name} · agendado para {formatLongDate(a.date)} às {a.time}
          </>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="date" label="Data" type="date" required />
        <SelectField name="professionalId" label="Profissional" options={options} />
      </div>

      <section className="grid gap-3" aria-labelledby="reschedule-free-times" aria-live="polite">
        <h3 id="reschedule-free-times" className="text-sm font-medium">
          Horários livres
          {validDate(date) && <span className="font-normal text-muted-foreground"> · {formatLongDate(date)}</span>}
        </h3>
        {free.loading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Carregando horários...
          </p>
        ) : free.error ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {free.error}
            <Button type="button" variant="outline" size="sm" onClick={() => setAgain((n) => n + 1)}>
              Tentar novamente
            </Button>
          </div>
        ) : free.data && free.data.times.length === 0 ? (
          <p className="text-sm text-muted-foreground">{free.data.closed ? "O estabelecimento não abre neste dia." : "Nenhum horário livre neste dia."}</p>
        ) : free.data ? (
          <FreeTimeButtons
            times={free.data.times}
            value={time}
            onPick={(t) => {
              form.setValue("time", t, { shouldValidate: form.formState.isSubmitted });
              setInline(null);
            }}
          />
        ) : null}
      </section>

      <div className="sm:w-1/2 sm:pr-2">
        <TextField name="time" label="Horário" type="time" step={60} hint="Escolha um horário livre ou digite outro; ele é conferido ao salvar." />
      </div>
      <EncaixeField />
      <FieldError id="reschedule-failure">{inline}</FieldError>
      <DialogActions pending={pending} onCancel={onDone}>
        Reagendar
      </DialogActions>
    </Form>
  );
}
