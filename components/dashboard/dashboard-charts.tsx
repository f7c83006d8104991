"use client";

import { BarChart, ChartLegend, type BarSeries } from "@/components/ui/bar-chart";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { DailyPoint } from "@/lib/dashboard/queries";
import { formatDate } from "@/lib/core/format/date";
import { formatBRL, formatCompactBRL } from "@/lib/core/format/money";

const appointmentsSeries: BarSeries<"confirmed" | "others">[] = [
  { key: "confirmed", label: "Confirmados", color: "var(--success)" },
  { key: "others", label: "Outros status", color: "var(--primary)" },
];

const revenueSeries: BarSeries<"revenue">[] = [{ key: "revenue", label: "Faturamento", color: "var(--success)" }];

const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * The last 30 days: appointments per day (confirmed and the rest, stacked) and revenue per day
 * (confirmed appointments at the professionals' prices). Each chart has its figures in a hidden
 * table for screen readers.
 */
export function DashboardCharts({ daily }: { daily: DailyPoint[] }) {
  const data = daily.map((d) => ({ ...d, others: d.appointments - d.confirmed }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Agendamentos por dia</CardTitle>
          <CardDescription>Últimos 30 dias</CardDescription>
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          <figure aria-label="Gráfico de agendamentos por dia nos últimos 30 dias" data-testid="chart-appointments">
            <BarChart label="Agendamentos por dia" data={data} series={appointmentsSeries} tick={dayMonth} title={formatDate} integer axisWidth={32} />
            <ChartLegend series={appointmentsSeries} />
          </figure>
          <FiguresTable caption="Agendamentos por dia" rows={data.map((d) => [formatDate(d.date), `${d.appointments} (${d.confirmed} confirmados)`])} />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Faturamento por dia</CardTitle>
          <CardDescription>Últimos 30 dias · confirmados e concluídos</CardDescription>
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          <figure aria-label="Gráfico de faturamento por dia nos últimos 30 dias" data-testid="chart-revenue">
            <BarChart
              label="Faturamento por dia"
              data={data}
              series={revenueSeries}
              tick={dayMonth}
              title={formatDate}
              format={formatBRL}
              axisFormat={formatCompactBRL}
              axisWidth={68}
            />
            <ChartLegend series={revenueSeries} />
          </figure>
          <FiguresTable caption="Faturamento por dia" rows={data.map((d) => [formatDate(d.date), formatBRL(d.revenue)])} />
        </CardContent>
      </Card>
    </div>
  );
}

function FiguresTable({ caption, rows }: { caption: string; rows: [string, string][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <tbody>
        {rows.map(([day, value]) => (
          <tr key={day}>
            <th scope="row">{day}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
