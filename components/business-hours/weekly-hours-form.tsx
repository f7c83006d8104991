"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Controller, get, useFormContext, useWatch } from "react-hook-form";
import { Form, SubmitButton, useActionForm } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { preloadable } from "@/components/ui/preloadable";
import { toast } from "@/components/ui/toaster";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { saveWeeklyHoursAction } from "@/lib/business-hours/actions";
import { affectedAfterText, affectedOf, AFFECTED_TEXT, type AffectedRefusal } from "@/lib/business-hours/affected";
import { HOURS_MESSAGES } from "@/lib/business-hours/messages";
import type { WeeklyHoursInput } from "@/lib/business-hours/schemas";
import type { BusinessHoursRow } from "@/lib/appointments/rules/business-day";
import { DEFAULT_CLOSE_TIME, DEFAULT_OPEN_TIME, sameWeek, weekForm, WEEKDAY_NAMES, type DayHours } from "@/lib/appointments/rules/weekly-hours";
import { cn } from "@/lib/cn";
import { settle } from "./settle";
import type { HoursIcons } from "./business-hours-view";

// The list shows only after a refusal; the page's first load is at its JavaScript budget.
const AffectedList = preloadable(() => import("./affected-list").then((m) => m.AffectedList));

type Props = { businessId: string; hours: BusinessHoursRow[]; icons: Pick<HoursIcons, "info" | "refresh"> };

/**
 * 'Horários da semana': seven rows, Sunday first, saved together. Live: fresh hours from the
 * server replace the form while the user has changed nothing; once they have, the form is theirs
 * and a notice offers to load the other user's version instead. Silently replacing half-typed
 * times would lose work; silently keeping old ones would let a save undo a change nobody saw.
 *
 * Hours that would leave booked appointments outside them are saved in two steps: the server's
 * refusal lists them under the week, and 'Salvar mesmo assim' sends the same week confirmed. Any
 * edit meanwhile takes the list away (it was about the week as it was).
 */
export function WeeklyHoursForm({ businessId, hours, icons }: Props) {
  // What the form was last loaded from (or saved as): the reference for "changed by this user".
  const [firstWeek] = useState(() => weekForm(hours));
  const baseline = useRef<DayHours[]>(firstWeek);
  const [stale, setStale] = useState<DayHours[] | null>(null);
  // The refusal that listed the appointments: while it is shown, a submit is the confirmation.
  const [affected, setAffected] = useState<AffectedRefusal | null>(null);
  // The saved week is read again by the hook, from the write's changes (as the other screens' are).
  const saveWeek = useWrite(saveWeeklyHoursAction);
  const { form, onSubmit, pending } = useActionForm({
    // The week is the page: its schema (and zod) load on the first validation, not with the page.
    schema: () => import("@/lib/business-hours/schemas").then((m) => m.weeklyHoursSchema),
    defaultValues: { days: firstWeek },
    action: (values: WeeklyHoursInput) =>
      settle(() => saveWeek({ days: values.days, businessId, confirm: affected !== null }), HOURS_MESSAGES.saveHours),
    success: (r) => ({ title: HOURS_MESSAGES.hoursUpdated, description: affectedAfterText(r.affected) }),
    onFailure: (f) => {
      const list = affectedOf(f);
      if (list) setAffected(list);
      return !!list;
    },
    error: HOURS_MESSAGES.error,
    mode: "onChange",
    onInvalid: () => toast({ title: HOURS_MESSAGES.error, description: HOURS_MESSAGES.saveHours, variant: "destructive" }),
    onSuccess: (_r, values) => {
      baseline.current = values.days;
      form.reset(values);
      setStale(null);
    },
  });

  useEffect(() => {
    const sub = form.watch(() => setAffected(null));
    return () => sub.unsubscribe();
  }, [form]);

  useEffect(() => {
    const fresh = weekForm(hours);
    if (sameWeek(fresh, baseline.current)) return;
    const typed = form.getValues().days;
    // Already what the form says (e.g. this user's own save, announced before its answer arrived): no conflict.
    const agrees = sameWeek(fresh, typed);
    const untouched = sameWeek(typed, baseline.current);
    if (untouched) form.reset({ days: fresh });
    if (agrees || untouched) baseline.current = fresh;
    setStale(agrees || untouched ? null : fresh);
  }, [hours, form]);

  const loadTheirs = () => {
    if (!stale) return;
    baseline.current = stale;
    form.reset({ days: stale });
    setStale(null);
    toast({ title: HOURS_MESSAGES.dataUpdated, description: "Os horários salvos por outro usuário foram carregados.", variant: "success" });
  };

  return (
    <Card>
      <Form form={form} onSubmit={onSubmit} className="gap-0" aria-labelledby="weekly-hours-title">
        <CardHeader>
          <CardTitle id="weekly-hours-title">Horários da semana</CardTitle>
          <CardDescription>
            Os horários em que o negócio atende em cada dia. A agenda não aceita agendamentos fora deles.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {hours.length === 0 && (
            <Alert>
              {icons.info}
              <AlertTitle>Horários ainda não salvos</AlertTitle>
              <AlertDescription>
                Abaixo está o padrão: todos os dias abertos, das {DEFAULT_OPEN_TIME} às {DEFAULT_CLOSE_TIME}. Até você salvar, a agenda não
                limita os agendamentos pelo horário de funcionamento.
              </AlertDescription>
            </Alert>
          )}
          {stale && (
            <Alert data-testid="hours-changed-elsewhere">
              {icons.refresh}
              <AlertTitle>Horários alterados por outro usuário</AlertTitle>
              <AlertDescription className="grid gap-2">
                <span>Suas alterações ainda não foram salvas. Carregue a versão nova (e perca as suas) ou salve as suas por cima dela.</span>
                <Button type="button" variant="outline" size="sm" className="w-fit" onClick={loadTheirs}>
                  Carregar alterações
                </Button>
              </AlertDescription>
            </Alert>
          )}
          <ul className="grid divide-y rounded-lg border" aria-label="Dias da semana">
            {WEEKDAY_NAMES.map((name, i) => (
              <DayRow key={name} index={i} name={name} disabled={pending} />
            ))}
          </ul>
          {affected ? (
            <>
              <AffectedList refusal={affected} withDate />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" onClick={() => setAffected(null)} disabled={pending}>
                  {AFFECTED_TEXT.back}
                </Button>
                <SubmitButton pending={pending} pendingText="Salvando...">
                  Salvar mesmo assim
                </SubmitButton>
              </div>
            </>
          ) : (
            <div className="flex justify-end">
              <SubmitButton pending={pending} pendingText="Salvando..." className="w-full sm:w-auto">
                Salvar horários
              </SubmitButton>
            </div>
          )}
        </CardContent>
      </Form>
    </Card>
  );
}

function DayRow({ index, name, disabled }: { index: number; name: string; disabled: boolean }) {
  const id = useId().replace(/:/g, "");
  const { control, register, formState } = useFormContext<WeeklyHoursInput>();
  const isOpen = useWatch({ control, name: `days.${index}.isOpen` });
  const errorOf = (field: "openTime" | "closeTime") =>
    (get(formState.errors, `days.${index}.${field}`) as { message?: string } | undefined)?.message;
  const openError = errorOf("openTime");
  const closeError = errorOf("closeTime");
  const error = openError ?? closeError;
  const errorId = `${id}-error`;

  const time = (field: "openTime" | "closeTime", label: string, fieldError: string | undefined) => (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={`${id}-${field}`} className="text-xs font-normal text-muted-foreground">
        {label}
        <span className="sr-only"> de {name}</span>
      </Label>
      <Input
        id={`${id}-${field}`}
        type="time"
        step={60}
        disabled={!isOpen || disabled}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? errorId : undefined}
        className="w-full min-w-0 sm:w-32"
        {...register(`days.${index}.${field}`)}
      />
    </div>
  );

  return (
    <li className={cn("grid gap-3 p-3 sm:grid-cols-[14.5rem_1fr] sm:items-center sm:gap-4", !isOpen && "bg-muted/40")} data-testid={`day-${index}`}>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={`${id}-open`} className="whitespace-nowrap text-sm font-medium">
          {name}
        </Label>
        <div className="flex items-center gap-2">
          <Controller
            control={control}
            name={`days.${index}.isOpen`}
            render={({ field }) => (
              <Switch id={`${id}-open`} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} disabled={disabled} />
            )}
          />
          <span aria-hidden className={cn("w-14 text-xs", isOpen ? "text-success" : "text-muted-foreground")}>
            {isOpen ? "Aberto" : "Fechado"}
          </span>
        </div>
      </div>
      <div className="grid gap-1">
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          {time("openTime", "Abertura", openError)}
          {time("closeTime", "Fechamento", closeError)}
        </div>
        <FieldError id={errorId}>{isOpen ? error : undefined}</FieldError>
      </div>
    </li>
  );
}
