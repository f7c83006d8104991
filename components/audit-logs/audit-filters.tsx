"use client";

import { Download, Eraser, Filter } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { useHydrated } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LazySelect } from "@/components/ui/lazy-select";
import { Spinner } from "@/components/ui/spinner";
import type { AuditAction, AuditEntity } from "@/db/schema/reports";
import type { AuditUser } from "@/lib/audit-logs/queries";
import {
  AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_MESSAGES, auditFilterParams, NO_AUDIT_FILTERS, type AuditFilters,
} from "@/lib/audit-logs/schemas";
import { PeriodPicker } from "./period-picker";

const BASE = "/reports/audit-logs";
const ALL = "all";

const ACTION_OPTIONS = [{ value: ALL, label: "Todas as ações" }, ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))];
const ENTITY_OPTIONS = [{ value: ALL, label: "Todas as entidades" }, ...Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }))];

function urlOf(f: AuditFilters): string {
  const qs = new URLSearchParams(auditFilterParams(f)).toString();
  return qs ? `${BASE}?${qs}` : BASE;
}

/** The CSV of what the page shows: the applied filters (the URL's), for the business the page was rendered for. */
export function csvHref(businessId: string, f: AuditFilters): string {
  return `/api/reports/audit-logs/csv?${new URLSearchParams({ business: businessId, ...auditFilterParams(f) })}`;
}

/**
 * The filter bar. Choices are local until 'Aplicar Filtros' puts them in the URL (the server
 * reads, filters and pages); 'Limpar Filtros' goes back to everything. Keyed by the applied
 * filters, so it shows what the URL says after back/forward.
 */
export function AuditFiltersBar({ businessId, applied, users }: { businessId: string; applied: AuditFilters; users: AuditUser[] }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const [pending, startTransition] = useTransition();
  const ids = { q: useId(), action: useId(), entity: useId(), user: useId(), period: useId() };
  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const go = (f: AuditFilters) => startTransition(() => router.push(urlOf(f), { scroll: false }));

  return (
    <Card className="mb-4 p-4 sm:p-6">
        <form
          method="post"
          aria-label="Filtros"
          onSubmit={(e) => {
            e.preventDefault();
            go({ ...draft, q: draft.q.trim() });
          }}
          className="grid gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.3fr)_repeat(3,minmax(0,1fr))_minmax(0,1.5fr)] [&>div]:min-w-0">
            <div className="grid gap-2">
              <Label htmlFor={ids.q}>Buscar</Label>
              <Input
                id={ids.q}
                type="search"
                value={draft.q}
                maxLength={200}
                placeholder="Descrição, usuário ou e-mail"
                onChange={(e) => set({ q: e.target.value })}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.action}>Ação</Label>
              <LazySelect
                id={ids.action}
                value={draft.action ?? ALL}
                onValueChange={(v) => set({ action: v === ALL ? null : (v as AuditAction) })}
                options={ACTION_OPTIONS}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.entity}>Entidade</Label>
              <LazySelect
                id={ids.entity}
                value={draft.entity ?? ALL}
                onValueChange={(v) => set({ entity: v === ALL ? null : (v as AuditEntity) })}
                options={ENTITY_OPTIONS}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.user}>Usuário</Label>
              <LazySelect
                id={ids.user}
                value={draft.userId ?? ALL}
                onValueChange={(v) => set({ userId: v === ALL ? null : v })}
                options={[{ value: ALL, label: "Todos os usuários" }, ...users.map((u) => ({ value: u.id, label: u.name }))]}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.period}>Período</Label>
              <PeriodPicker id={ids.period} value={{ from: draft.from, to: draft.to }} onChange={(p) => set(p)} />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button type="submit" disabled={!hydrated || pending} aria-busy={pending || undefined}>
              {pending ? <Spinner /> : <Filter aria-hidden />}
              {AUDIT_MESSAGES.apply}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={!hydrated || pending}
              onClick={() => {
                setDraft(NO_AUDIT_FILTERS);
                go(NO_AUDIT_FILTERS);
              }}
            >
              <Eraser aria-hidden />
              {AUDIT_MESSAGES.clear}
            </Button>
            <Button asChild variant="outline" className="col-span-2 sm:ml-auto">
              <a href={csvHref(businessId, applied)} download>
                <Download aria-hidden />
                {AUDIT_MESSAGES.exportCsv}
              </a>
            </Button>
          </div>
        </form>
    </Card>
  );
}
