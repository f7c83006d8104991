"use client";

import { AlertCircle, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFieldArray, useFormContext, useWatch, type FieldErrors } from "react-hook-form";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, failureToast, Form, FormDialog, FormDialogHeader, useActionForm } from "@/components/form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldError } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { liveKey } from "@/lib/core/live/keys";
import { readLive } from "@/lib/core/live/read";
import { LiveReadError } from "@/lib/core/live/store";
import { saveRestrictionsAction } from "@/lib/professionals/actions";
import type { ProfessionalRow } from "@/lib/professionals/queries";
import { PROFESSIONAL_MESSAGES as MSG } from "@/lib/professionals/messages";
import { restrictionsSchema, type RestrictionsInput } from "@/lib/professionals/schemas";
import { NEW_BREAK, WEEKDAY_LABELS, WEEKDAY_NAMES, type DayRestriction } from "@/lib/appointments/rules/weekly-schedule";

type Props = { businessId: string; professional: ProfessionalRow | null; onClose: () => void };

/** 'Restrições': the professional's week, loaded when the dialog opens. */
export function RestrictionsDialog({ businessId, professional, onClose }: Props) {
  return (
    <FormDialog open={!!professional} onOpenChange={(open) => !open && onClose()} className="sm:max-w-3xl">
      <FormDialogHeader title={`Restrições${professional ? ` de ${professional.name}` : ""}`} description="Dias e horários de trabalho e as pausas de cada dia." />
      {professional && <WeekLoader key={professional.id} businessId={businessId} professionalId={professional.id} onDone={onClose} />}
    </FormDialog>
  );
}

type Load = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; days: DayRestriction[] };

function WeekLoader({ businessId, professionalId, onDone }: { businessId: string; professionalId: string; onDone: () => void }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    let live = true;
    readLive(liveKey(businessId, "professionals.restrictions", { professionalId }))
      .then(({ days }) => {
        if (!live) return;
        if (days) return setLoad({ state: "ready", days });
        failureToast({ error: MSG.restrictionsLoadError, description: MSG.notFound });
        setLoad({ state: "failed", message: MSG.notFound });
      })
      .catch((e: unknown) => {
        if (!live) return;
        const answered = e instanceof LiveReadError && e.status ? e.body : null;
        failureToast(answered ?? { error: MSG.restrictionsLoadError });
        setLoad({ state: "failed", message: answered?.description ?? answered?.error ?? "Não foi possível falar com o servidor." });
      });
    return () => {
      live = false;
    };
  }, [businessId, professionalId]);

  if (load.state === "loading") {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <Spinner />
        Carregando restrições...
      </div>
    );
  }
  if (load.state === "failed") {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden />
        <AlertTitle>{MSG.restrictionsLoadError}</AlertTitle>
        <AlertDescription>{load.message}</AlertDescription>
      </Alert>
    );
  }
  return <WeekForm businessId={businessId} professionalId={professionalId} days={load.days} onDone={onDone} />;
}

function WeekForm({ businessId, professionalId, days, onDone }: { businessId: string; professionalId: string; days: DayRestriction[]; onDone: () => void }) {
  const save = useWrite(saveRestrictionsAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: restrictionsSchema,
    defaultValues: { professionalId, days },
    action: (values) => save({ ...values, businessId }),
    success: { title: MSG.restrictionsSaved },
    error: MSG.restrictionsSaveError,
    onSuccess: onDone,
    // Checked on 'Salvar', then as the times change: a check on leaving a time field would push the
    // rows (and the button being clicked) down mid-click.
    mode: "onSubmit",
    // Typed times are checked before anything is sent: the same toast the server would answer with.
    onInvalid: (errors) => failureToast({ error: MSG.restrictionsSaveError, description: summaryOf(errors) }),
  });
  const summary = summaryOf(form.formState.errors);
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Restrições da semana">
      {summary && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertDescription>{summary}</AlertDescription>
        </Alert>
      )}
      <ol className="grid divide-y rounded-lg border">
        {days.map((d) => (
          <DayRow key={d.dayOfWeek} index={d.dayOfWeek} disabled={pending} />
        ))}
      </ol>
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}

function summaryOf(errors: FieldErrors<RestrictionsInput>): string | undefined {
  return (errors as { summary?: { message?: string } }).summary?.message;
}

function DayRow({ index, disabled }: { index: number; disabled: boolean }) {
  const { control, register, setValue, formState, clearErrors } = useFormContext<RestrictionsInput>();
  const working = useWatch({ control, name: `days.${index}.isWorking` });
  const breaks = useFieldArray({ control, name: `days.${index}.breaks` });
  const errors = formState.errors.days?.[index];
  const label = WEEKDAY_LABELS[index];
  const name = WEEKDAY_NAMES[index];
  const off = disabled || !working;
  const clear = () => clearErrors("summary" as never);

  return (
    <li className="grid gap-3 p-3 sm:p-4" data-testid={`day-${index}`} aria-label={name}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="flex w-28 items-center gap-3">
          <Switch
            checked={!!working}
            onCheckedChange={(v) => {
              setValue(`days.${index}.isWorking`, v, { shouldDirty: true });
              clear();
            }}
            disabled={disabled}
            aria-label={`Trabalha ${name}`}
          />
          <span className={cn("font-medium", !working && "text-muted-foreground")}>{label}</span>
        </div>
        <TimeRange>
          <Input
            type="time"
            step={60}
            aria-label={`Início ${label}`}
            aria-invalid={errors?.start ? true : undefined}
            disabled={off}
            {...register(`days.${index}.start`, { onChange: clear })}
          />
          <Input
            type="time"
            step={60}
            aria-label={`Fim ${label}`}
            aria-invalid={errors?.end ? true : undefined}
            disabled={off}
            {...register(`days.${index}.end`, { onChange: clear })}
          />
        </TimeRange>
        <Button
          variant="ghost"
          size="sm"
          className="sm:ml-auto"
          disabled={off}
          onClick={() => breaks.append({ ...NEW_BREAK })}
          aria-label={`Adicionar pausa ${label}`}
        >
          <Plus aria-hidden />
          Adicionar pausa
        </Button>
      </div>
      {working ? null : <p className="-mt-1 text-xs text-muted-foreground">Não trabalha neste dia.</p>}
      <FieldError>{errors?.start?.message ?? errors?.end?.message}</FieldError>
      {working && breaks.fields.length > 0 && (
        <ul className="grid gap-2 sm:pl-32" aria-label={`Pausas ${label}`}>
          {breaks.fields.map((b, j) => {
            const e = errors?.breaks?.[j];
            return (
              <li key={b.id} className="grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <TimeRange>
                    <Input
                      type="time"
                      step={60}
                      aria-label={`Início da pausa ${j + 1} ${label}`}
                      aria-invalid={e?.start ? true : undefined}
                      disabled={off}
                      {...register(`days.${index}.breaks.${j}.start`, { onChange: clear })}
                    />
                    <Input
                      type="time"
                      step={60}
                      aria-label={`Fim da pausa ${j + 1} ${label}`}
                      aria-invalid={e?.end ? true : undefined}
                      disabled={off}
                      {...register(`days.${index}.breaks.${j}.end`, { onChange: clear })}
                    />
                  </TimeRange>
                  <div className="min-w-32 flex-1">
                    <Input
                      aria-label={`Nome da pausa ${j + 1} ${label}`}
                      placeholder="Intervalo"
                      maxLength={60}
                      disabled={off}
                      {...register(`days.${index}.breaks.${j}.label`)}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    disabled={off}
                    onClick={() => {
                      breaks.remove(j);
                      clear();
                    }}
                    aria-label={`Remover pausa ${j + 1} ${label}`}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                <FieldError>{e?.start?.message ?? e?.end?.message ?? e?.label?.message}</FieldError>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/**
 * A start–end pair of time fields. On a phone the pair takes its own line and the two share it
 * (w-0 flex-1: a time field's own width, some 9rem, would count and push the dialog past a 390 px
 * screen); from sm up each is 7.5rem, beside the row's other controls.
 */
function TimeRange({ children: [start, end] }: { children: [React.ReactNode, React.ReactNode] }) {
  return (
    <div className="flex min-w-0 basis-full items-center gap-2 sm:basis-auto">
      <div className="w-0 min-w-0 flex-1 sm:w-[7.5rem] sm:flex-none">{start}</div>
      <span aria-hidden className="text-muted-foreground">
        –
      </span>
      <div className="w-0 min-w-0 flex-1 sm:w-[7.5rem] sm:flex-none">{end}</div>
    </div>
  );
}
