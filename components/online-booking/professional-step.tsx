"use client";

import { Users } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatBRL } from "@/lib/core/format/money";
import { initials } from "@/lib/core/format/phone";
import { totalRange } from "@/lib/online-booking/format";
import type { PublicProfessional, PublicService } from "@/lib/online-booking/queries";
import { ANY_PROFESSIONAL } from "@/lib/online-booking/slots";
import { StepFooter } from "./services-step";

type Props = {
  chosen: PublicService[];
  eligible: PublicProfessional[];
  value: string;
  onChange: (id: string) => void;
  onNext: () => void;
};

/** The price of the chosen services with one professional: 'R$ 80,00', or null when they set none. */
export function priceWith(pro: PublicProfessional, chosen: PublicService[]): string | null {
  const range = totalRange(chosen.map((s) => [pro.prices[s.id] ?? null]));
  return range ? formatBRL(range.min) : null;
}

/** Who does the services: one professional who offers all of them, or 'Qualquer profissional'. */
export function ProfessionalStep({ chosen, eligible, value, onChange, onNext }: Props) {
  if (!eligible.length) {
    return (
      <p className="text-sm text-muted-foreground">
        Nenhum profissional faz todos os serviços escolhidos no mesmo atendimento. Volte e escolha menos serviços, ou agende-os separadamente.
      </p>
    );
  }
  const options = [
    { id: ANY_PROFESSIONAL, name: "Qualquer profissional", detail: "O primeiro profissional livre no horário escolhido", price: null as string | null },
    ...eligible.map((p) => ({ id: p.id, name: p.name, detail: null as string | null, price: priceWith(p, chosen) })),
  ];
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="sr-only">Profissional</legend>
        {options.map((o) => {
          const checked = value === o.id;
          return (
            <label
              key={o.id}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                checked && "border-primary bg-primary/5",
              )}
            >
              <input type="radio" name="professional" className="sr-only" checked={checked} onChange={() => onChange(o.id)} />
              <span aria-hidden className={cn("grid size-10 shrink-0 place-items-center rounded-full bg-muted text-sm font-semibold", checked && "bg-primary text-primary-foreground")}>
                {o.id === ANY_PROFESSIONAL ? <Users className="size-5" /> : initials(o.name)}
              </span>
              <span className="grid min-w-0 flex-1">
                <span className="font-medium">{o.name}</span>
                {o.detail && <span className="text-sm text-muted-foreground">{o.detail}</span>}
              </span>
              {o.price && <span className="text-sm font-medium">{o.price}</span>}
            </label>
          );
        })}
      </fieldset>
      <StepFooter disabled={false} onNext={onNext} />
    </>
  );
}
