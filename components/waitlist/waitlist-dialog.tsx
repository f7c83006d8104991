"use client";

import { CalendarPlus, ListPlus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, FormDialog, FormDialogHeader, FormField, SelectField, SubmitButton, TextField, resultToast, useActionForm } from "@/components/form";
import { useLive } from "@/components/live/use-live";
import { useWrite } from "@/components/live/use-write";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/core/format/date";
import { formatPhone } from "@/lib/core/format/phone";
import { liveKey } from "@/lib/core/live/keys";
import { ANY_PROFESSIONAL } from "@/lib/online-booking/slots";
import { addWaitlistEntryAction, removeWaitlistEntryAction } from "@/lib/waitlist/actions";
import { WAITLIST_MESSAGES as MSG, WAITLIST_STATUS_TEXT } from "@/lib/waitlist/messages";
import type { WaitlistCatalog, WaitlistEntryRow } from "@/lib/waitlist/queries";
import { staffEntrySchema, type StaffEntryFields } from "@/lib/waitlist/schemas";

type Props = {
  businessId: string;
  /** The day whose list is open; null: closed. */
  date: string | null;
  onClose: () => void;
  /** 'Agendar': Novo Agendamento on that day, filled with the entry. */
  onBook: (entry: WaitlistEntryRow, date: string) => void;
};

/**
 * A day's 'Lista de espera' on the agenda: who waits for that date, in order of arrival, with the
 * services, the professional (or 'Qualquer profissional'), the range of times and the status; 'Agendar'
 * opens Novo Agendamento filled in, 'Remover' takes the entry off (audited), 'Adicionar à lista de
 * espera' adds one. Live: the list is a read of the one cache, kept fresh by the change stream.
 */
export function WaitlistDialog({ businessId, date, onClose, onBook }: Props) {
  return (
    <FormDialog open={!!date} onOpenChange={(open) => !open && onClose()} className="sm:max-w-2xl">
      {date && <WaitlistPanel businessId={businessId} date={date} onBook={(e) => onBook(e, date)} />}
    </FormDialog>
  );
}

function WaitlistPanel({ businessId, date, onBook }: { businessId: string; date: string; onBook: (e: WaitlistEntryRow) => void }) {
  const { data } = useLive(liveKey(businessId, "waitlist.day", { date }));
  // The hook reads the list (and the days' counts) again after each write.
  const removeEntry = useWrite(removeWaitlistEntryAction);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const entries = data?.entries;

  async function remove(e: WaitlistEntryRow) {
    setRemoving(e.id);
    const r = await removeEntry({ businessId, id: e.id });
    setRemoving(null);
    resultToast(r, { title: MSG.removed });
  }

  return (
    <>
      <FormDialogHeader title={MSG.title} description={<span className="first-letter:uppercase">{formatLongDate(date)}</span>} />
      {/* No scroll of its own: the dialog scrolls (components/ui/dialog.tsx), one scroll area. */}
      <div className="grid gap-3">
        {!entries && <Skeleton className="h-20" />}
        {entries && entries.length === 0 && !adding && <p className="text-sm text-muted-foreground">{MSG.empty}</p>}
        {entries && entries.length > 0 && (
          <ol className="grid gap-2" aria-label={MSG.title}>
            {entries.map((e, i) => (
              <li key={e.id} className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="waitlist-entry">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {e.status === "agendado" ? "" : `${i + 1}. `}
                      {e.name}
                    </p>
                    <p className="text-muted-foreground">{formatPhone(e.phone)}{e.email ? ` · ${e.email}` : ""}</p>
                  </div>
                  <Badge variant="outline" className={cn(e.status === "oferecido" && "border-primary text-primary")}>
                    {WAITLIST_STATUS_TEXT[e.status]}
                    {e.offer ? ` · ${e.offer.time}` : ""}
                  </Badge>
                </div>
                <p>
                  {e.services.map((s) => s.name).join(", ")} · {e.professionalName ?? MSG.anyProfessional} · das {e.timeFrom} às {e.timeUntil}
                  {e.source === "online" ? " · Online" : ""}
                </p>
                {e.status !== "agendado" && (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => onBook(e)}>
                      <CalendarPlus aria-hidden /> {MSG.book}
                    </Button>
                    <Button size="sm" variant="outline" className="text-destructive hover:text-destructive" disabled={removing === e.id} onClick={() => void remove(e)}>
                      <Trash2 aria-hidden /> {MSG.remove}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
        {adding && data ? (
          <AddEntry businessId={businessId} date={date} catalog={data.catalog} onDone={() => setAdding(false)} />
        ) : (
          <div>
            <Button variant="outline" onClick={() => setAdding(true)} disabled={!data}>
              <ListPlus aria-hidden /> {MSG.add}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}

function AddEntry({ businessId, date, catalog, onDone }: { businessId: string; date: string; catalog: WaitlistCatalog; onDone: () => void }) {
  const add = useWrite(addWaitlistEntryAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: staffEntrySchema,
    defaultValues: {
      clientId: null, name: "", phone: "", email: "", serviceIds: [], professionalId: ANY_PROFESSIONAL, dates: [date], timeFrom: "08:00", timeUntil: "20:00",
    } satisfies StaffEntryFields,
    action: (v) => add({ ...v, businessId }),
    success: { title: MSG.added },
    error: MSG.saveError,
    onSuccess: onDone,
  });
  const chosen = form.watch("serviceIds") as string[];
  const pros = catalog.professionals.filter((p) => chosen.every((id) => p.serviceIds.includes(id)));
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={MSG.add} className="grid gap-3 rounded-lg border p-3">
      <p className="font-medium">{MSG.add}</p>
      <TextField name="name" label="Nome" maxLength={120} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField name="phone" label="Telefone" type="tel" maxLength={40} />
        <TextField name="email" label="E-mail (opcional)" type="email" maxLength={255} />
      </div>
      <FormField<StaffEntryFields>
        name="serviceIds"
        label="Serviços"
        render={(field, a11y) => {
          const value = (field.value as string[]) ?? [];
          return (
            <div role="group" aria-label="Serviços" id={a11y.id} aria-describedby={a11y["aria-describedby"]} className="flex flex-wrap gap-2">
              {catalog.services.map((s) => {
                const on = value.includes(s.id);
                return (
                  <button
                    key={s.id}
                    type="button"
                    aria-pressed={on}
                    onClick={() => field.onChange(on ? value.filter((x) => x !== s.id) : [...value, s.id])}
                    className={cn(
                      "h-8 rounded-md border px-2.5 text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                      on && "border-primary bg-primary text-primary-foreground hover:bg-primary",
                    )}
                  >
                    {s.name}
                  </button>
                );
              })}
            </div>
          );
        }}
      />
      <SelectField
        name="professionalId"
        label="Profissional"
        options={[{ value: ANY_PROFESSIONAL, label: MSG.anyProfessional }, ...pros.map((p) => ({ value: p.id, label: p.name }))]}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField name="timeFrom" label="Das" type="time" step={900} />
        <TextField name="timeUntil" label="Até" type="time" step={900} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>Cancelar</Button>
        <SubmitButton pending={pending}>Adicionar</SubmitButton>
      </div>
    </Form>
  );
}
