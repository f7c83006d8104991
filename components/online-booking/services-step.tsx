"use client";

import { Check, Clock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatDuration } from "@/lib/core/format/duration";
import { priceRange } from "@/lib/online-booking/format";
import type { PublicService } from "@/lib/online-booking/queries";
import { MAX_SERVICES } from "@/lib/online-booking/messages";
import { serviceMinutes } from "@/lib/appointments/rules/appointment-lines";

type Props = {
  services: PublicService[];
  selected: string[];
  minutes: number;
  onToggle: (id: string) => void;
  onNext: () => void;
};

/** One or more services, each with its duration and price (or the range across professionals). */
export function ServicesStep({ services, selected, minutes, onToggle, onNext }: Props) {
  if (!services.length) {
    return <p className="text-sm text-muted-foreground">Nenhum serviço disponível para agendamento online no momento. Fale com o estabelecimento.</p>;
  }
  const full = selected.length >= MAX_SERVICES;
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm text-muted-foreground">Marque um ou mais serviços (até {MAX_SERVICES}).</legend>
        {services.map((s) => {
          const checked = selected.includes(s.id);
          const price = priceRange(s.minPrice, s.maxPrice);
          return (
            <label
              key={s.id}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                checked && "border-primary bg-primary/5",
                !checked && full && "cursor-not-allowed opacity-60",
              )}
            >
              <input type="checkbox" className="peer sr-only" checked={checked} disabled={!checked && full} onChange={() => onToggle(s.id)} />
              <span
                aria-hidden
                className={cn("mt-0.5 grid size-5 shrink-0 place-items-center rounded border border-primary", checked && "bg-primary text-primary-foreground")}
              >
                {checked && <Check className="size-3.5" />}
              </span>
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-medium">{s.name}</span>
                {s.description && <span className="text-sm text-muted-foreground">{s.description}</span>}
                <span className="flex flex-wrap items-center gap-x-3 text-sm">
                  <span className="inline-flex items-center gap-1 text-muted-foreground">
                    <Clock aria-hidden className="size-3.5" />
                    {s.durationMinutes ? formatDuration(s.durationMinutes) : `cerca de ${formatDuration(serviceMinutes(null))}`}
                  </span>
                  <span className="font-medium">{price ?? "Preço no local"}</span>
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <StepFooter
        summary={selected.length ? `${selected.length} ${selected.length === 1 ? "serviço" : "serviços"} · ${formatDuration(minutes)}` : "Nenhum serviço escolhido"}
        disabled={!selected.length}
        onNext={onNext}
      />
    </>
  );
}

/** The step's 'Continuar', kept in reach at the bottom of a phone's screen. */
export function StepFooter({ summary, disabled, onNext, label = "Continuar" }: { summary?: string; disabled: boolean; onNext: () => void; label?: string }) {
  return (
    <div className="sticky bottom-0 -mx-4 -mb-4 flex items-center justify-between gap-3 rounded-b-xl border-t bg-card/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:-mb-6 sm:px-6">
      <span className="min-w-0 text-sm text-muted-foreground" aria-live="polite">{summary}</span>
      <Button onClick={onNext} disabled={disabled} className="shrink-0">
        {label}
      </Button>
    </div>
  );
}
