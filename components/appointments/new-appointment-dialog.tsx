"use client";

import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { z } from "zod";
import { DialogActions, FieldShell, Form, FormDialog, FormDialogHeader, TextField, useActionForm } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/label";
import { toast } from "@/components/ui/toaster";
import { createAppointmentAction } from "@/lib/appointments/actions";
import type { ListedAppointment } from "@/lib/appointments/queries";
import type { ActionFailure } from "@/lib/core/actions/result";
import { APPOINTMENT_MESSAGES as MSG, CLIENT_BUSY_CODE, columnServiceText } from "@/lib/appointments/messages";
import { clientFieldsSchema } from "@/lib/clients/schemas";
import { CLIENT_DUPLICATE_CODE, CLIENT_MESSAGES } from "@/lib/clients/messages";
import { newClientPreset } from "@/lib/clients/preset";
import { DuplicateClientsNotice, useDuplicateClients } from "@/components/clients/duplicate-clients";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/core/format/date";
import { formatDuration } from "@/lib/core/format/duration";
import { lineOffsets, serviceMinutes, withTiming } from "@/lib/appointments/rules/appointment-lines";
import { OUTSIDE_HOURS_TEXT } from "@/lib/appointments/rules/availability";
import { MAX_OCCURRENCES, RECURRENCE_TEXT, REPEAT_OPTIONS, type Frequency, type SeriesOccurrence } from "@/lib/appointments/rules/recurrence";
import { seriesPreviewAction } from "@/lib/appointments/actions";
import { keepsColumn } from "@/lib/appointments/schemas";
import { CARD_READS } from "./cache";
import { ClientCombobox } from "./client-combobox";
import { EncaixeField } from "./encaixe-field";
import { LineTiming } from "./line-timing";
import { SeriesPreview, type SeriesRequest } from "./series-preview";
import { useServiceOptions } from "./use-service-options";
import { liveKey } from "@/lib/core/live/keys";
import { readLive } from "@/lib/core/live/read";

const NONE = "";

/** What the dialog holds; the action gets the spec's shape (lib/appointments/schemas.ts). */
const formSchema = z
  .object({
    clientMode: z.enum(["existing", "new"]),
    client: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    /** 'É outra pessoa': a new client with a registered client's phone or e-mail. */
    allowDuplicate: z.boolean(),
    time: z.string().trim().min(1, MSG.timeRequiredDescription),
    selected: z.array(z.string()),
    pros: z.record(z.string(), z.string()),
    /** A line's 'Em seguida' (true) / 'Ao mesmo tempo' (false) as chosen; absent, the default (withTiming). */
    after: z.record(z.string(), z.boolean()),
    outsideHours: z.boolean(),
    repeat: z.string(),
    endKind: z.enum(["until", "count"]),
    until: z.string(),
    count: z.string(),
    /** The professional whose 'Grade' column the dialog was opened from ("": none). */
    column: z.string(),
  })
  .superRefine((v, ctx) => {
    // The server's rule too (the text under the services names the professional).
    if (!keepsColumn(formLines(v))) ctx.addIssue({ code: "custom", path: ["selected"], message: MSG.columnServiceRequired });
    if (v.repeat !== "none" && v.endKind === "until" && !v.until) ctx.addIssue({ code: "custom", path: ["until"], message: "Informe a data final" });
    if (v.repeat !== "none" && v.endKind === "count") {
      const n = Number(v.count);
      if (!Number.isInteger(n) || n < 2) ctx.addIssue({ code: "custom", path: ["count"], message: RECURRENCE_TEXT.countTooSmall });
      else if (n > MAX_OCCURRENCES) ctx.addIssue({ code: "custom", path: ["count"], message: RECURRENCE_TEXT.tooMany });
    }
    if (v.clientMode === "existing" && !v.client) ctx.addIssue({ code: "custom", path: ["client"], message: MSG.clientRequiredDescription });
    if (v.clientMode === "new") {
      const r = clientFieldsSchema.safeParse({ name: v.name, phone: v.phone, email: v.email });
      if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: "custom", path: i.path, message: i.path[0] === "name" ? MSG.nameRequiredDescription : i.message });
    }
  });
type Values = z.input<typeof formSchema>;

/**
 * The lines as the action gets them, with the column the dialog was opened from; `locked`: the one
 * professional the caller books with (an employee who sees only their own agenda), on every line.
 */
function formLines(v: Pick<Values, "selected" | "pros" | "column" | "after">, locked?: string) {
  const lines = v.selected.map((serviceId) => ({ serviceId, professionalId: locked ?? (v.pros[serviceId] || null), afterPrevious: v.after?.[serviceId] }));
  return { professionalId: v.column || null, lines: withTiming(lines) };
}
type Created = Extract<Awaited<ReturnType<typeof createAppointmentAction>>, { ok: true }>;
/** 'Repetir': the dates checked, before the save. */
type Previewed = { ok: true; request: SeriesRequest; occurrences: SeriesOccurrence[] };

/** The inline failure under the professional selects (spec section 8). */
function inlineFailure(failure: ActionFailure): string {
  return failure.code === CLIENT_BUSY_CODE ? MSG.clientBusyInline : failure.description || failure.error || MSG.createFallback;
}

/**
 * What the form starts with: 'Agendar novamente' (the client's page) gives the client, services and
 * professionals; a click on the grid's empty cell the time and the professional, who is then picked
 * for each service chosen that they do.
 */
export type NewAppointmentPreset = {
  client?: { id: string; name: string; phone: string | null };
  /** A client not yet registered (a waitlist entry from the public page): 'Novo cliente' filled in. */
  newClient?: { name: string; phone: string; email: string | null };
  lines?: { serviceId: string; professionalId: string | null }[];
  time?: string;
  /** The 'Grade' column it was opened from: one of the services must be theirs (keepsColumn). */
  professional?: { id: string; name: string };
};

export function NewAppointmentDialog({
  businessId,
  date,
  preset,
  locked,
  onClose,
  onCreated,
}: {
  businessId: string;
  /** The one professional the caller may book with (lib/appointments/visibility.ts): chosen and locked on every service. */
  locked?: string;
  /** The day the tile was clicked on; null: closed. */
  date: string | null;
  preset?: NewAppointmentPreset | null;
  onClose: () => void;
  onCreated: (id: string, appointment: ListedAppointment | null) => void;
}) {
  return (
    <FormDialog open={!!date} onOpenChange={(open) => !open && onClose()} className="sm:max-w-2xl">
      {date && <NewAppointmentForm businessId={businessId} date={date} preset={preset ?? null} locked={locked} onDone={onClose} onCreated={onCreated} />}
    </FormDialog>
  );
}

function NewAppointmentForm({ businessId, date, preset, locked, onDone, onCreated }: {
  businessId: string; date: string; preset: NewAppointmentPreset | null; locked?: string; onDone: () => void; onCreated: (id: string, appointment: ListedAppointment | null) => void;
}) {
  const [inline, setInline] = useState<string | null>(null);
  // A save refused as a duplicate client asks the warning's read again at once.
  const [refused, setRefused] = useState(0);
  const [preview, setPreview] = useState<{ request: SeriesRequest; occurrences: SeriesOccurrence[] } | null>(null);
  // The new card comes with the answer, and `onCreated` puts it into the agenda's days.
  const create = useWrite(createAppointmentAction, CARD_READS);
  const { form, onSubmit, pending } = useActionForm({
    schema: formSchema,
    defaultValues: {
      clientMode: preset?.newClient ? "new" : "existing", client: preset?.client ?? null,
      name: preset?.newClient?.name ?? "", phone: preset?.newClient?.phone ?? "", email: preset?.newClient?.email ?? "", allowDuplicate: false, time: preset?.time ?? "",
      selected: preset?.lines?.map((l) => l.serviceId) ?? [],
      pros: Object.fromEntries(preset?.lines?.map((l) => [l.serviceId, l.professionalId ?? NONE]) ?? []),
      after: {},
      outsideHours: false,
      repeat: "none", endKind: "count", until: "", count: "4",
      column: preset?.professional?.id ?? "",
    },
    action: async (v: Values): Promise<ActionFailure | Created | Previewed> => {
      const booking = {
        businessId,
        client: v.clientMode === "existing" ? { kind: "existing" as const, id: v.client?.id ?? "" } : { kind: "new" as const, fields: { name: v.name, phone: v.phone, email: v.email, allowDuplicate: v.allowDuplicate } },
        date,
        time: v.time,
        ...formLines(v, locked),
        outsideHours: v.outsideHours,
      };
      if (v.repeat === "none") return create(booking);
      // 'Repetir': first the list of dates, each checked; the save is the preview's own button.
      const request: SeriesRequest = {
        ...booking,
        recurrence: { frequency: v.repeat as Frequency, end: v.endKind === "until" ? { kind: "until", date: v.until } : { kind: "count", count: Number(v.count) } },
      };
      const r = await seriesPreviewAction(request);
      return r.ok ? { ok: true, request, occurrences: r.occurrences } : r;
    },
    success: (r) => ("occurrences" in r ? undefined : { title: MSG.created, description: MSG.createdDescription }),
    error: MSG.createError,
    mode: "onSubmit",
    onInvalid: (errors) => {
      if (errors.client) toast({ title: MSG.clientRequired, description: MSG.clientRequiredDescription, variant: "destructive" });
      else if (errors.name) toast({ title: MSG.nameRequired, description: MSG.nameRequiredDescription, variant: "destructive" });
      else if (errors.time) toast({ title: MSG.timeRequired, description: MSG.timeRequiredDescription, variant: "destructive" });
    },
    onFailure: (f) => {
      setInline(inlineFailure(f));
      if (f.code === CLIENT_DUPLICATE_CODE) setRefused((n) => n + 1);
    },
    onSuccess: (r) => {
      if ("occurrences" in r) {
        setPreview({ request: r.request, occurrences: r.occurrences });
        return;
      }
      onCreated(r.id, r.appointment);
      onDone();
    },
  });
  const [mode, time, selected, pros, override, repeat, endKind, after] = useWatch({
    control: form.control, name: ["clientMode", "time", "selected", "pros", "outsideHours", "repeat", "endKind", "after"],
  });
  const [newPhone, newEmail, allowDuplicate] = useWatch({ control: form.control, name: ["phone", "email", "allowDuplicate"] });
  const twins = useDuplicateClients(businessId, mode === "new" ? newPhone : "", mode === "new" ? newEmail : "", refused);
  /** 'Usar este cliente' (the duplicate warning): the registered client, as if picked in the search. */
  function takeRegistered(c: { id: string; name: string; phone: string | null }) {
    form.setValue("clientMode", "existing");
    form.setValue("client", { id: c.id, name: c.name, phone: c.phone });
    setInline(null);
    void startWithLastVisit(c);
  }
  const column = preset?.professional;
  const { lines } = formLines({ selected, pros, column: "", after }, locked);
  // Said once 'Criar Agendamento' was pressed, and gone as soon as a service of theirs is ticked.
  const columnError = column && form.formState.isSubmitted && !keepsColumn({ professionalId: column.id, lines }) ? columnServiceText(column.name) : null;
  const { services, closed, outside, error: optionsError, timeKnown } = useServiceOptions(businessId, date, time, lines, null, override);
  // Each line's start ('às 10:45'), by the one rule the server and the database use.
  const offsets = lineOffsets(lines.map((l) => ({ ...l, durationMinutes: services?.find((x) => x.id === l.serviceId)?.durationMinutes ?? null })));
  // Said before 'Criar Agendamento' is pressed: the day is closed, or the visit as picked leaves the hours.
  // With the box ticked, the reason stays and its 'use Encaixe fora do horário' goes.
  const reason = outside && override ? outside.replace(` ${OUTSIDE_HOURS_TEXT.hint}`, "") : outside;
  // A regular's walk-in is the usual: a client picked with no service ticked gets the services of
  // their last visit (from the grid, those the column's professional does, with them), said below.
  const [usual, setUsual] = useState<string | null>(null);
  async function startWithLastVisit(client: { id: string; name: string }) {
    if (form.getValues("selected").length) return;
    const { lines } = await readLive(liveKey(businessId, "appointments.lastVisit", { clientId: client.id })).catch(() => ({ lines: [] }));
    if (form.getValues("selected").length || form.getValues("client")?.id !== client.id) return;
    const offered = (serviceId: string, professionalId: string) => !!services?.find((s) => s.id === serviceId)?.professionals.some((p) => p.id === professionalId);
    const kept = column
      ? lines.filter((l) => offered(l.serviceId, column.id)).map((l) => ({ ...l, professionalId: column.id }))
      : lines.filter((l) => services?.some((s) => s.id === l.serviceId));
    if (!kept.length) return;
    form.setValue("selected", kept.map((l) => l.serviceId), { shouldDirty: true });
    form.setValue("pros", Object.fromEntries(kept.map((l) => [l.serviceId, l.professionalId ?? NONE])), { shouldDirty: true });
    setUsual(client.name);
  }
  const hoursWarning = timeKnown ? reason : closed ? "O estabelecimento está fechado neste dia." : null;

  if (preview) {
    return (
      <SeriesPreview
        request={preview.request}
        occurrences={preview.occurrences}
        onBack={() => setPreview(null)}
        onSaved={(created) => {
          for (const a of created) onCreated(a.id, a);
          onDone();
        }}
      />
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} onChange={() => setInline(null)}>
      <FormDialogHeader title="Novo Agendamento" description={<span className="block first-letter:uppercase">{formatLongDate(date)}</span>} />

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Cliente</legend>
        <div role="radiogroup" aria-label="Cliente" className="grid grid-cols-2 gap-2">
          {(["existing", "new"] as const).map((m) => (
            <Button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              variant={mode === m ? "default" : "outline"}
              onClick={() => form.setValue("clientMode", m)}
            >
              {m === "existing" ? "Selecionar existente" : "Criar novo"}
            </Button>
          ))}
        </div>
        {mode === "existing" ? (
          <Controller
            control={form.control}
            name="client"
            render={({ field, fieldState }) => (
              <FieldShell id="new-appointment-client" label="Cliente *" error={fieldState.error?.message}>
                <ClientCombobox
                  id="new-appointment-client"
                  businessId={businessId}
                  value={field.value ?? null}
                  onChange={(c) => {
                    field.onChange(c);
                    setUsual(null);
                    if (c) void startWithLastVisit(c);
                  }}
                  invalid={!!fieldState.error}
                  describedBy={fieldState.error ? "new-appointment-client-error" : undefined}
                  autoFocus={!field.value}
                  onRegister={(text) => {
                    // 'Cadastrar "{texto}"': 'Criar novo' with the name (or phone) typed.
                    const p = newClientPreset(text);
                    form.setValue("clientMode", "new");
                    form.setValue("name", p.name ?? "");
                    form.setValue("phone", p.phone ?? "");
                  }}
                />
              </FieldShell>
            )}
          />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <TextField name="name" label="Nome *" autoComplete="off" />
            </div>
            <TextField name="phone" label="Telefone" type="tel" inputMode="tel" placeholder="(11) 99999-9999" autoComplete="off" />
            <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="off" />
            <div className="sm:col-span-2">
              <DuplicateClientsNotice
                clients={twins}
                allow={allowDuplicate}
                onAllowChange={(v) => form.setValue("allowDuplicate", v)}
                use={(c) => (
                  <Button type="button" variant="outline" size="sm" onClick={() => takeRegistered(c)} aria-label={`${CLIENT_MESSAGES.useExisting}: ${c.name}`}>
                    {CLIENT_MESSAGES.useExisting}
                  </Button>
                )}
              />
            </div>
          </div>
        )}
      </fieldset>

      <TextField name="time" label="Horário *" type="time" step={60} className="w-36" />

      <div className="grid gap-2">
        {hoursWarning && (
          <p className="rounded-md border border-warning/60 bg-warning/10 p-2 text-sm" data-testid="hours-warning">
            {hoursWarning}
          </p>
        )}
        <EncaixeField />
      </div>

      <fieldset id="new-appointment-services" className="grid gap-2" aria-describedby={columnError ? "new-appointment-column" : undefined}>
        <legend className="mb-2 text-sm font-medium">{column ? "Serviços *" : "Serviços (opcional)"}</legend>
        {column && !columnError && !usual && <p className="text-xs text-muted-foreground">Ao menos um com {column.name}.</p>}
        {usual && <p className="text-xs text-muted-foreground" data-testid="usual-services">Os serviços da última visita de {usual}.</p>}
        <FieldError id="new-appointment-column">{columnError}</FieldError>
        {optionsError && <p className="text-sm text-destructive">{optionsError}</p>}
        {!services ? (
          <p className="text-sm text-muted-foreground">Carregando serviços...</p>
        ) : services.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum serviço cadastrado.</p>
        ) : (
          // No scroll of its own: the dialog scrolls (components/ui/dialog.tsx).
          <ul className="grid grid-cols-1 gap-2">
            {services.map((s) => {
              const checked = selected.includes(s.id);
              const selectId = `pro-${s.id}`;
              return (
                <li key={s.id} className={cn("rounded-lg border p-3", checked && "border-primary/60 bg-primary/5")}>
                  <label className="flex items-center gap-3">
                    <Checkbox
                      checked={checked}
                      onCheckedChange={(v) => {
                        form.setValue("selected", v === true ? [...selected, s.id] : selected.filter((id) => id !== s.id), { shouldDirty: true });
                        setUsual(null);
                        const preferred = column?.id;
                        if (v === true && preferred && !pros[s.id] && s.professionals.some((p) => p.id === preferred)) form.setValue("pros", { ...pros, [s.id]: preferred });
                      }}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">{s.name}</span>
                      <span className="ml-2 text-xs text-muted-foreground">{formatDuration(serviceMinutes(s.durationMinutes))}</span>
                    </span>
                  </label>
                  {checked && (
                    <div className="mt-2 grid gap-1 pl-7">
                      <LineTiming
                        index={selected.indexOf(s.id)}
                        time={time}
                        offset={offsets[selected.indexOf(s.id)]?.start ?? 0}
                        afterPrevious={lines[selected.indexOf(s.id)]?.afterPrevious ?? false}
                        onChange={(v) => form.setValue("after", { ...after, [s.id]: v }, { shouldDirty: true })}
                        serviceName={s.name}
                      />
                      <label htmlFor={selectId} className="text-xs text-muted-foreground">
                        Profissional
                      </label>
                      <select
                        id={selectId}
                        value={locked ?? pros[s.id] ?? NONE}
                        disabled={!!locked}
                        onChange={(e) => form.setValue("pros", { ...pros, [s.id]: e.target.value })}
                        className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm"
                      >
                        {!locked && <option value={NONE}>Nenhum</option>}
                        {s.professionals.map((p) => (
                          <option key={p.id} value={p.id} disabled={timeKnown && !p.available && pros[s.id] !== p.id}>
                            {p.name} — {timeKnown ? (p.available ? "disponível" : "indisponível") : "informe o horário"}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <FieldError id="new-appointment-failure">{inline}</FieldError>
      </fieldset>

      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 text-sm font-medium">Repetir</legend>
        <select
          aria-label="Repetir"
          {...form.register("repeat")}
          className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm"
        >
          {REPEAT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>{o.label}</option>
          ))}
        </select>
        {repeat !== "none" && (
          <div className="grid min-w-0 gap-2">
            <div role="radiogroup" aria-label="Fim da repetição" className="grid grid-cols-2 gap-2">
              {(["until", "count"] as const).map((k) => (
                <Button
                  key={k}
                  type="button"
                  role="radio"
                  aria-checked={endKind === k}
                  variant={endKind === k ? "default" : "outline"}
                  onClick={() => form.setValue("endKind", k)}
                >
                  {k === "until" ? "Até" : "Vezes"}
                </Button>
              ))}
            </div>
            {endKind === "until" ? (
              <TextField name="until" label="Data final" type="date" min={date} className="w-44" />
            ) : (
              <TextField name="count" label={`Número de vezes (até ${MAX_OCCURRENCES})`} type="number" inputMode="numeric" min={2} max={MAX_OCCURRENCES} step={1} className="w-28" />
            )}
          </div>
        )}
      </fieldset>

      <DialogActions pending={pending} pendingText={repeat === "none" ? "Criando..." : "Verificando..."} onCancel={onDone}>
        {repeat === "none" ? "Criar Agendamento" : "Ver datas"}
      </DialogActions>
    </Form>
  );
}
