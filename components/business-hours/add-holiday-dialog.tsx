"use client";

import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Form, FormField, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { CalendarPopover, fromLocalDate, toLocalDate } from "@/components/ui/calendar-popover";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toaster";
import { addHolidayAction } from "@/lib/business-hours/actions";
import { HOURS_MESSAGES } from "@/lib/business-hours/messages";
import { addHolidaySchema, type AddHolidayInput } from "@/lib/business-hours/schemas";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/format/date";
import { DEFAULT_CLOSE_TIME, DEFAULT_OPEN_TIME } from "@/lib/scheduling/weekly-hours";
import { settle } from "./settle";

type Props = { businessId: string; today: string; open: boolean; onOpenChange: (open: boolean) => void; onAdded: () => void };

/** 'Adicionar feriado': name, date (calendar in pt-BR), open or closed, and the hours when open. */
export function AddHolidayDialog({ businessId, today, open, onOpenChange, onAdded }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <AddHolidayForm businessId={businessId} today={today} onDone={() => onOpenChange(false)} onAdded={onAdded} />}</DialogContent>
    </Dialog>
  );
}

function AddHolidayForm({ businessId, today, onDone, onAdded }: { businessId: string; today: string; onDone: () => void; onAdded: () => void }) {
  const { form, onSubmit, pending } = useActionForm({
    schema: addHolidaySchema,
    defaultValues: { name: "", date: "", isWorking: false, openTime: DEFAULT_OPEN_TIME, closeTime: DEFAULT_CLOSE_TIME },
    action: (values: AddHolidayInput) => settle(() => addHolidayAction({ ...values, businessId }), HOURS_MESSAGES.addHoliday),
    success: { title: HOURS_MESSAGES.holidayAdded },
    error: HOURS_MESSAGES.error,
    // The spec's one text for a missing name or date; a wrong time speaks next to its field.
    onInvalid: (errors) =>
      toast({
        title: HOURS_MESSAGES.error,
        description: errors.name || errors.date ? HOURS_MESSAGES.holidayRequired : HOURS_MESSAGES.addHoliday,
        variant: "destructive",
      }),
    onSuccess: () => {
      onAdded();
      onDone();
    },
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <DialogHeader>
        <DialogTitle>Adicionar feriado</DialogTitle>
        <DialogDescription>Nesse dia a agenda segue o que você definir aqui, em vez dos horários da semana.</DialogDescription>
      </DialogHeader>
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
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <SubmitButton pending={pending} pendingText="Adicionando...">
          Adicionar
        </SubmitButton>
      </DialogFooter>
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
