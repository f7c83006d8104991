"use client";

import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { DialogActions, Form, FormDialog, FormDialogHeader, FormField, TextField, useActionForm } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { Button } from "@/components/ui/button";
import { CalendarPopover, fromLocalDate, toLocalDate } from "@/components/ui/calendar-popover";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toaster";
import { addHolidayAction } from "@/lib/business-hours/actions";
import { affectedAfterText, affectedOf, AFFECTED_TEXT, type AffectedRefusal } from "@/lib/business-hours/affected";
import { HOURS_MESSAGES } from "@/lib/business-hours/messages";
import { addHolidaySchema, type AddHolidayInput } from "@/lib/business-hours/schemas";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/core/format/date";
import { DEFAULT_CLOSE_TIME, DEFAULT_OPEN_TIME } from "@/lib/appointments/rules/weekly-hours";
import { AddAnywayActions, AffectedList } from "./affected-list";
import { settle } from "./settle";

type Props = { businessId: string; today: string; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Adicionar feriado': name, date (calendar in pt-BR), open or closed, and the hours when open. */
export function AddHolidayDialog({ businessId, today, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <AddHolidayForm businessId={businessId} today={today} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/**
 * The form, then, when the holiday would leave booked appointments outside its hours, a second
 * step in the same dialog that lists them: 'Adicionar mesmo assim' sends it again confirmed,
 * 'Voltar' goes back to the form as it was typed.
 */
function AddHolidayForm({ businessId, today, onDone }: { businessId: string; today: string; onDone: () => void }) {
  // The screen's list is read again by the hook, from the write's changes.
  const addHoliday = useWrite(addHolidayAction);
  // The refusal that listed the appointments: while it is shown, a submit is the confirmation.
  const [affected, setAffected] = useState<AffectedRefusal | null>(null);
  const { form, onSubmit, pending } = useActionForm({
    schema: addHolidaySchema,
    defaultValues: { name: "", date: "", isWorking: false, openTime: DEFAULT_OPEN_TIME, closeTime: DEFAULT_CLOSE_TIME },
    action: (values: AddHolidayInput) => settle(() => addHoliday({ ...values, businessId, confirm: affected !== null }), HOURS_MESSAGES.addHoliday),
    success: (r) => ({ title: HOURS_MESSAGES.holidayAdded, description: affectedAfterText(r.affected) }),
    onFailure: (f) => {
      const list = affectedOf(f);
      if (list) setAffected(list);
      return !!list;
    },
    error: HOURS_MESSAGES.error,
    // The spec's one text for a missing name or date; a wrong time speaks next to its field.
    onInvalid: (errors) =>
      toast({
        title: HOURS_MESSAGES.error,
        description: errors.name || errors.date ? HOURS_MESSAGES.holidayRequired : HOURS_MESSAGES.addHoliday,
        variant: "destructive",
      }),
    onSuccess: onDone,
  });
  if (affected) {
    return (
      <Form form={form} onSubmit={onSubmit}>
        <FormDialogHeader title="Adicionar feriado" description={`${AFFECTED_TEXT.title} em ${formatLongDate(form.getValues("date"))}`} />
        <AffectedList refusal={affected} withDate={false} />
        <AddAnywayActions pending={pending} onBack={() => setAffected(null)} />
      </Form>
    );
  }
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title="Adicionar feriado" description="Nesse dia a agenda segue o que você definir aqui, em vez dos horários da semana." />
      <TextField name="name" label="Nome do feriado *" autoComplete="off" placeholder="Ex.: Aniversário da cidade" autoFocus />
      <FormField<AddHolidayInput>
        name="date"
        label="Data *"
        render={(field, a11y) => <DateButton value={field.value as string} onChange={field.onChange} today={today} a11y={a11y} disabled={pending} />}
      />
      <FormField<AddHolidayInput>
        name="isWorking"
        label="Abre neste dia"
        className="flex items-center justify-between gap-4 rounded-lg border p-3"
        render={(field, a11y) => (
          <Switch {...a11y} checked={field.value as boolean} onCheckedChange={field.onChange} disabled={pending} />
        )}
      />
      <HolidayTimes />
      <DialogActions pending={pending} pendingText="Adicionando..." onCancel={onDone}>
        Adicionar
      </DialogActions>
    </Form>
  );
}

/** Opening and closing, shown only when the business opens that day (times are stored only then). */
function HolidayTimes() {
  const { control } = useFormContext<AddHolidayInput>();
  const isWorking = useWatch({ control, name: "isWorking" });
  if (!isWorking) return <p className="text-sm text-muted-foreground">Fechado o dia todo.</p>;
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField name="openTime" label="Abertura" type="time" step={60} />
      <TextField name="closeTime" label="Fechamento" type="time" step={60} />
    </div>
  );
}

type A11y = { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/** The date as a button that opens the month calendar; past days can't be picked. */
function DateButton({ value, onChange, today, a11y, disabled }: { value: string; onChange: (v: string) => void; today: string; a11y: A11y; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const selected = value ? toLocalDate(value) : undefined;
  const first = toLocalDate(today);
  return (
    <CalendarPopover
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          {...a11y}
          variant="outline"
          disabled={disabled}
          className={cn("w-full justify-start font-normal aria-[invalid=true]:border-destructive", !value && "text-muted-foreground")}
        >
          <CalendarDays aria-hidden />
          {value ? formatLongDate(value) : "Escolha uma data"}
        </Button>
      }
      calendar={{
        mode: "single",
        selected,
        defaultMonth: selected ?? first,
        disabled: { before: first },
        onSelect: (d) => {
          if (!d) return;
          onChange(fromLocalDate(d));
          setOpen(false);
        },
      }}
    />
  );
}
