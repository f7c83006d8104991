"use client";

import { CalendarOff, UserX } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useState, useTransition } from "react";
import { EmptyState } from "@/components/data/empty-state";
import { useLive } from "@/components/live/use-live";
import { LoadError } from "@/components/data/load-error";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Switch } from "@/components/ui/switch";
import { statusMeta } from "@/lib/appointments/status";
import { unpackAllocationDay, type AllocationWire } from "@/lib/appointments/timeline-wire";
import { cn } from "@/lib/cn";
import { liveKey } from "@/lib/core/live/keys";
import {
  allocationRows, CLOSED_DAY_TEXT, isCounted, isPendingMark, LOAD_ERROR_TEXT, PENDING_TEXT, timelineProfessionals, unassignedCount,
} from "@/lib/appointments/rules/allocation";
import { AllocationSkeleton } from "./allocation-skeleton";
import { AllocationTimeline } from "./allocation-timeline";
import { allocationHref, DayNav } from "./day-nav";
import type { Cursor } from "@/lib/core/realtime/cursor";

/** `cursor`: the page's render cursor (AuthContext.cursor), where its live updates start. */
type Props = { businessId: string; today: string; date: string; data: AllocationWire | null; cursor: Cursor };

/** The statuses in the order the legend lists them; confirmado (and pendente, marked) until 'Mostrar todos os status'. */
const LEGEND = [2, 1, 3, 4].map((id) => ({ ...statusMeta(id), all: id !== 2 }));

/**
 * Visor de Alocação: one day (?date=, today in the business zone by default), one timeline per
 * active professional; confirmed appointments counted, pending ones drawn and marked, unless
 * 'Mostrar todos os status' is on; free gaps only where the professional could be booked; live.
 */
export function AllocationViewer({ businessId, today, date, data: rendered, cursor }: Props) {
  // Live through the one read path: a change on this day (an appointment's days are in the change),
  // or of the hours, professionals, services or clients, reads the day again.
  const { data: wire } = useLive(rendered ? liveKey(businessId, "allocation.day", { date }) : null, rendered ?? undefined, cursor);
  const data = useMemo(() => wire && unpackAllocationDay(wire), [wire]);
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const [allStatuses, setAllStatuses] = useState(false);

  const go = useCallback((d: string) => startNavigation(() => router.push(allocationHref(d, today))), [router, today]);

  const rows = useMemo(
    () => (data?.window ? allocationRows(timelineProfessionals(data), data.appointments, data.window, allStatuses) : []),
    [data, allStatuses],
  );
  const shownCount = (data?.appointments ?? []).filter((a) => isCounted(a.statusId, allStatuses)).length;
  const pendingCount = (data?.appointments ?? []).filter((a) => isPendingMark(a.statusId, allStatuses)).length;
  const unassigned = data ? unassignedCount(data.appointments, allStatuses) : 0;

  return (
    <>
      <PageHeader
        title="Visor de Alocação"
        description="Ocupação de cada profissional ao longo do dia"
        actions={<DayNav date={date} today={today} onGo={go} />}
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Switch id="todos-status" checked={allStatuses} onCheckedChange={setAllStatuses} />
          <Label htmlFor="todos-status">Mostrar todos os status</Label>
        </div>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Legenda">
          {LEGEND.filter((l) => allStatuses || !l.all).map((l) => (
            <li key={l.label} className="flex items-center gap-1.5">
              <span aria-hidden className={cn("size-3 rounded-sm", l.bar)} />
              {l.label}
            </li>
          ))}
          {!allStatuses && (
            <li className="flex items-center gap-1.5">
              <span aria-hidden className="allocation-pending size-3 rounded-sm border-status-pendente" />
              {PENDING_TEXT} (fora da utilização)
            </li>
          )}
          <li className="flex items-center gap-1.5">
            <span aria-hidden className="size-3 rounded-sm border border-dashed border-success bg-success/10" />
            Livre (30 min ou mais)
          </li>
        </ul>
      </div>

      <div aria-busy={navigating}>
        {navigating ? (
          <AllocationSkeleton />
        ) : !data ? (
          <LoadError title={LOAD_ERROR_TEXT} />
        ) : !data.window ? (
          <Card>
            <EmptyState icon={CalendarOff} title={CLOSED_DAY_TEXT} description={data.holiday ?? undefined} />
          </Card>
        ) : rows.length === 0 ? (
          <Card>
            <EmptyState icon={UserX} title="Nenhum profissional ativo." description="Cadastre ou ative profissionais para ver a alocação do dia." />
          </Card>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground">
              {shownCount} {shownCount === 1 ? "agendamento" : "agendamentos"}
              {allStatuses ? "" : shownCount === 1 ? " confirmado" : " confirmados"}
              {pendingCount > 0 && ` · ${pendingCount} ${pendingCount === 1 ? "pendente" : "pendentes"}`}
              {data.holiday && ` · ${data.holiday}`}
              {unassigned > 0 && ` · ${unassigned} com serviço sem profissional`}
            </p>
            <AllocationTimeline rows={rows} window={data.window} allStatuses={allStatuses} />
          </>
        )}
      </div>
    </>
  );
}
