"use client";

import { useState } from "react";
import { DialogActions, FormDialog, FormDialogHeader, networkFailureToast, resultToast } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { replaceAppointmentServicesAction } from "@/lib/appointments/actions";
import type { ListedAppointment } from "@/lib/appointments/queries";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { cn } from "@/lib/cn";
import { formatLongDate } from "@/lib/core/format/date";
import { formatDuration } from "@/lib/core/format/duration";
import { formatBRL } from "@/lib/core/format/money";
import { lineOffsets, serviceMinutes, totalMinutes, totalValue, withTiming } from "@/lib/appointments/rules/appointment-lines";
import type { SeriesScope } from "@/lib/appointments/rules/recurrence";
import { appliedForScope } from "./cache";
import { LineTiming } from "./line-timing";
import { SeriesScopeChoice } from "./series-scope";
import { useServiceOptions } from "./use-service-options";

/** 'Gerenciar Serviços e Profissionais': the services of one appointment, each with its professional. */
type Saved = (id: string, appointment: ListedAppointment | null) => void;

export function ServicesEditorDialog({ businessId, appointment, onClose, onSaved }: { businessId: string; appointment: ListedAppointment | null; onClose: () => void; onSaved: Saved }) {
  return (
    <FormDialog open={!!appointment} onOpenChange={(open) => !open && onClose()} className="sm:max-w-2xl">
      {appointment && <Editor businessId={businessId} appointment={appointment} onDone={onClose} onSaved={onSaved} />}
    </FormDialog>
  );
}

function Editor({ businessId, appointment: a, onDone, onSaved }: { businessId: string; appointment: ListedAppointment; onDone: () => void; onSaved: Saved }) {
  const [picks, setPicks] = useState<Record<string, string>>(() => Object.fromEntries(a.lines.map((l) => [l.serviceId, l.professionalId ?? ""])));
  // Each line's 'Em seguida' / 'Ao mesmo tempo' as kept or chosen; absent, the default (withTiming).
  const [after, setAfter] = useState<Record<string, boolean>>(() => Object.fromEntries(a.lines.map((l) => [l.serviceId, l.afterPrevious ?? false])));
  const [saving, setSaving] = useState(false);
  const [scope, setScope] = useState<SeriesScope>("one");
  const replaceServices = useWrite(replaceAppointmentServicesAction, appliedForScope);
  const lines = withTiming(Object.entries(picks).map(([serviceId, professionalId]) => ({ serviceId, professionalId: professionalId || null, afterPrevious: after[serviceId] })));
  const { services, error } = useServiceOptions(businessId, a.date, a.time, lines, a.id, a.outsideHours);

  const chosen = (services ?? []).filter((s) => s.id in picks);
  const value = totalValue(chosen.map((s) => ({ price: s.professionals.find((p) => p.id === picks[s.id])?.price ?? null })));
  const timed = lines.map((l) => ({ ...l, durationMinutes: services?.find((s) => s.id === l.serviceId)?.durationMinutes ?? null }));
  const offsets = lineOffsets(timed);
  const minutes = chosen.length ? totalMinutes(timed) : 0;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      // The following occurrences are on days this tab may not have loaded: the hook reads them again.
      const r = await replaceServices({ businessId, id: a.id, lines, scope });
      resultToast(r, { title: MSG.servicesUpdated, description: MSG.servicesUpdatedDescription });
      if (!r.ok) return;
      onSaved(a.id, r.appointment);
      onDone();
    } catch {
      networkFailureToast(MSG.servicesError);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form method="post" onSubmit={save} className="grid gap-4">
      <FormDialogHeader
        title="Gerenciar Serviços e Profissionais"
        description={
          <>
            {a.client.name} · <span className="first-letter:uppercase">{formatLongDate(a.date)}</span> às {a.time}
          </>
        }
      />
      {error && <p className="text-sm text-destructive">{error}</p>}
      {!services ? (
        <p className="text-sm text-muted-foreground">Carregando serviços...</p>
      ) : (
        // No scroll of its own: the dialog scrolls (components/ui/dialog.tsx).
        <ul className="grid grid-cols-1 gap-2">
          {services.map((s) => {
            const checked = s.id in picks;
            const prices = s.professionals.map((p) => Number(p.price)).filter((n) => Number.isFinite(n) && n > 0);
            const anyFree = s.professionals.some((p) => p.available);
            const picked = s.professionals.find((p) => p.id === picks[s.id]);
            return (
              <li key={s.id} className={cn("rounded-lg border p-3", checked && "border-primary/60 bg-primary/5")}>
                <label className="flex items-start gap-3">
                  <Checkbox
                    className="mt-1"
                    checked={checked}
                    onCheckedChange={(v) =>
                      setPicks((prev) => {
                        const next = { ...prev };
                        if (v === true) next[s.id] = "";
                        else delete next[s.id];
                        if (v !== true) setAfter(({ [s.id]: _, ...rest }) => rest);
                        return next;
                      })
                    }
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{s.name}</span>
                      {!s.active && (
                        <Badge variant="outline" title="Serviço inativo: continua neste agendamento, mas não pode ser adicionado a outros.">
                          Inativo
                        </Badge>
                      )}
                      {prices.length > 0 && (
                        <Badge variant="secondary">
                          {Math.min(...prices) === Math.max(...prices) ? formatBRL(prices[0]) : `${formatBRL(Math.min(...prices))} – ${formatBRL(Math.max(...prices))}`}
                        </Badge>
                      )}
                      <span className="text-xs text-muted-foreground">{formatDuration(serviceMinutes(s.durationMinutes))}</span>
                    </span>
                    {s.description && <span className="block text-sm text-muted-foreground">{s.description}</span>}
                  </span>
                </label>
                {checked && (
                  <div className="mt-2 grid gap-1 pl-7">
                    <LineTiming
                      index={lines.findIndex((l) => l.serviceId === s.id)}
                      time={a.time}
                      offset={offsets[lines.findIndex((l) => l.serviceId === s.id)]?.start ?? 0}
                      afterPrevious={lines.find((l) => l.serviceId === s.id)?.afterPrevious ?? false}
                      onChange={(v) => setAfter((prev) => ({ ...prev, [s.id]: v }))}
                      serviceName={s.name}
                    />
                    <label htmlFor={`resp-${s.id}`} className="text-xs text-muted-foreground">
                      Profissional responsável
                    </label>
                    <div className="flex flex-wrap items-center gap-2">
                      <select
                        id={`resp-${s.id}`}
                        value={picks[s.id]}
                        onChange={(e) => setPicks((prev) => ({ ...prev, [s.id]: e.target.value }))}
                        // Full width on a phone: an option names the professional, availability and price.
                        className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm sm:w-auto sm:min-w-48"
                      >
                        <option value="">Selecione</option>
                        {s.professionals.map((p) => (
                          <option key={p.id} value={p.id} disabled={!p.available && picks[s.id] !== p.id}>
                            {p.name} — {p.available ? "Disponível" : "Indisponível"}
                            {p.price ? ` · ${formatBRL(p.price)}` : ""}
                          </option>
                        ))}
                      </select>
                      {picked && <Badge variant={picked.available ? "success" : "destructive"}>{picked.available ? "Disponível" : "Indisponível"}</Badge>}
                    </div>
                    {!anyFree && <p className="text-sm text-destructive">{MSG.noneAvailable}</p>}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {a.seriesId && <SeriesScopeChoice value={scope} onChange={setScope} disabled={saving} />}
      <div className="grid grid-cols-3 gap-2 rounded-lg bg-muted p-3 text-sm" aria-label="Resumo">
        <p>
          <span className="block text-muted-foreground">Serviços</span>
          <span className="font-semibold">{chosen.length}</span>
        </p>
        <p>
          <span className="block text-muted-foreground">Valor total</span>
          <span className="font-semibold">{formatBRL(value ?? 0)}</span>
        </p>
        <p>
          <span className="block text-muted-foreground">Duração total</span>
          <span className="font-semibold">{minutes} min</span>
        </p>
      </div>
      <DialogActions pending={saving} onCancel={onDone}>
        Salvar
      </DialogActions>
    </form>
  );
}
