"use client";

import {
  Activity, CalendarCheck, CalendarDays, CalendarRange, ClipboardCheck, Gauge, MessageSquare, RefreshCw, Scissors, ScrollText, TrendingUp,
  UserX, Users, Wallet, Receipt, type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { useRef } from "react";
import { failureToast, networkFailureToast } from "@/components/form/action-toast";
import { useLive } from "@/components/live/use-live";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import type { DashboardStats } from "@/lib/dashboard/queries";
import { DASHBOARD_MESSAGES as MSG } from "@/lib/dashboard/messages";
import { formatDateTime, formatLongDate } from "@/lib/core/format/date";
import { formatBRL } from "@/lib/core/format/money";
import { liveKey } from "@/lib/core/live/keys";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { BUSINESS_TZ } from "@/lib/core/time/business-date";
import { DashboardCharts } from "./dashboard-charts";
import { MetricCard } from "./metric-card";

const count = (n: number) => n.toLocaleString("pt-BR");
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * Dashboard: the figures (from the server's first render, then refreshed by the button or live
 * changes after `cursor`, the page's render cursor).
 */
export function DashboardView({ businessId, businessName, initial, cursor }: { businessId: string; businessName: string; initial: DashboardStats; cursor: Cursor }) {
  // The button reads again and says so when it fails; a live re-read that fails shows 'Indisponível'.
  const manual = useRef(false);
  const { data: stats = initial, error, loading, revalidate } = useLive(liveKey(businessId, "dashboard"), initial, cursor, (e) => {
    if (!manual.current) return;
    if (e.status) failureToast(e.body);
    else networkFailureToast(MSG.loadError);
  });
  const failed = !!error;
  const reload = async () => {
    manual.current = true;
    await revalidate();
    manual.current = false;
  };

  const s = stats;
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Visão geral de ${businessName}`}
        actions={
          <Button variant="outline" onClick={() => void reload()} disabled={loading}>
            <RefreshCw aria-hidden className={loading ? "animate-spin" : undefined} /> Atualizar
          </Button>
        }
      />
      <section aria-label="Indicadores" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
        <MetricCard icon={Users} label="Clientes" value={count(s.totals.clients)} hint="cadastrados" />
        <MetricCard icon={Scissors} label="Serviços" value={count(s.totals.services)} hint="no catálogo" />
        <MetricCard icon={CalendarDays} label="Agendamentos" value={count(s.totals.appointments)} hint="desde o início" />
        <MetricCard icon={MessageSquare} label="Conversas" value={count(s.totals.conversations)} hint="registradas" />
        <MetricCard icon={CalendarCheck} label="Agendamentos hoje" value={count(s.todayAppointments)} hint={plural(s.todayByStatus.confirmed, "confirmado", "confirmados")} />
        <MetricCard icon={CalendarRange} label="Próximos 7 dias" value={count(s.next7Days)} hint="hoje + 7 dias" />
        <MetricCard icon={Wallet} label="Faturamento total" value={formatBRL(s.revenue.allTime)} hint="confirmados e concluídos" />
        <MetricCard icon={TrendingUp} label="Faturamento hoje" value={formatBRL(s.revenue.today)} hint="confirmados e concluídos" />
        <MetricCard
          icon={Receipt}
          label="Valor médio por serviço"
          value={s.averageServiceValue === null ? "—" : formatBRL(s.averageServiceValue)}
          hint="por profissional"
        />
        <MetricCard
          icon={Gauge}
          label="Taxa de ocupação hoje"
          value={`${s.occupancy.percent}%`}
          hint={s.occupancy.availableMinutes > 0 ? `${count(s.occupancy.bookedMinutes)} de ${count(s.occupancy.availableMinutes)} min` : "ninguém trabalha hoje"}
          progress={s.occupancy.percent}
        />
        <MetricCard
          icon={UserX}
          label="Taxa de faltas"
          value={`${s.noShows.percent.toLocaleString("pt-BR")}%`}
          hint={`${plural(s.noShows.count, "falta", "faltas")} em ${count(s.noShows.booked)} · 30 dias`}
        />
        <MetricCard icon={ClipboardCheck} label="Pendentes antigos" value={count(s.stalePending)} hint="a revisar na agenda" />
      </section>

      <section aria-label="Gráficos" className="mt-6">
        <DashboardCharts daily={s.daily} />
      </section>

      <section aria-label="Resumo" className="mt-6 grid gap-4 lg:grid-cols-3">
        <SummaryCard icon={CalendarCheck} title="Resumo rápido do dia" description={formatLongDate(s.today)} capitalize>
          <CardContent>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Confirmados</dt>
              <dd className="text-right font-medium tabular-nums">{count(s.todayByStatus.confirmed)}</dd>
              <dt className="text-muted-foreground">Pendentes</dt>
              <dd className="text-right font-medium tabular-nums">{count(s.todayByStatus.pending)}</dd>
              <dt className="text-muted-foreground">Cancelados</dt>
              <dd className="text-right font-medium tabular-nums">{count(s.todayByStatus.cancelled)}</dd>
              {s.todayByStatus.completed > 0 && (
                <>
                  <dt className="text-muted-foreground">Concluídos</dt>
                  <dd className="text-right font-medium tabular-nums">{count(s.todayByStatus.completed)}</dd>
                </>
              )}
              <dt className="text-muted-foreground">Faturamento do dia</dt>
              <dd className="text-right font-medium tabular-nums">{formatBRL(s.revenue.today)}</dd>
              <dt className="text-muted-foreground">Próximo atendimento</dt>
              <dd className="truncate text-right font-medium">
                {s.nextAppointment ? `${s.nextAppointment.time} · ${s.nextAppointment.clientName}` : "Nenhum"}
              </dd>
            </dl>
          </CardContent>
        </SummaryCard>

        <SummaryCard icon={Activity} title="Status do sistema" description="Conexão com os dados do negócio">
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Banco de dados</dt>
              <dd className="text-right">
                {failed ? <Badge variant="destructive">Indisponível</Badge> : <Badge variant="success">Operacional</Badge>}
              </dd>
              <dt className="text-muted-foreground">Tempo de resposta</dt>
              <dd className="text-right tabular-nums">{count(s.elapsedMs)} ms</dd>
              <dt className="text-muted-foreground">Atualizado em</dt>
              <dd className="text-right tabular-nums">{formatDateTime(s.generatedAt)}</dd>
              <dt className="text-muted-foreground">Fuso horário</dt>
              <dd className="text-right">{BUSINESS_TZ}</dd>
            </dl>
            {failed && <p className="mt-3 text-sm text-destructive">{MSG.loadError}</p>}
          </CardContent>
        </SummaryCard>

        <SummaryCard icon={ScrollText} title="Logs de Auditoria" description="Acompanhe as ações dos colaboradores">
          <CardContent className="grid gap-4">
            <p className="text-sm">
              <span className="text-2xl font-semibold tabular-nums">{count(s.auditToday)}</span>{" "}
              <span className="text-muted-foreground">{s.auditToday === 1 ? "ação registrada hoje" : "ações registradas hoje"}</span>
            </p>
            <Button asChild variant="outline" className="w-full sm:w-fit">
              <Link href="/reports/audit-logs">
                <ScrollText aria-hidden /> Ver logs de auditoria
              </Link>
            </Button>
          </CardContent>
        </SummaryCard>
      </section>
    </>
  );
}

/** One card of the 'Resumo' row: its icon and title, a line under them, then what it shows. */
function SummaryCard({ icon: Icon, title, description, capitalize, children }: {
  icon: LucideIcon; title: string; description: string; capitalize?: boolean; children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden className="size-4 text-muted-foreground" /> {title}
        </CardTitle>
        <CardDescription className={capitalize ? "first-letter:uppercase" : undefined}>{description}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}
