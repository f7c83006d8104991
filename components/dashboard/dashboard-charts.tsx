"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChartContainer, ChartLegend, ChartTooltipContent, type ChartConfig } from "@/components/ui/chart";
import type { DailyPoint } from "@/lib/dashboard/queries";
import { formatDate } from "@/lib/format/date";
import { formatBRL } from "@/lib/format/money";

const appointmentsConfig = {
  confirmed: { label: "Confirmados", color: "var(--success)" },
  others: { label: "Outros status", color: "var(--primary)" },
} satisfies ChartConfig;

const revenueConfig = {
  revenue: { label: "Faturamento", color: "var(--success)" },
} satisfies ChartConfig;

const compactBRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", notation: "compact", maximumFractionDigits: 1 });
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * The last 30 days: appointments per day (confirmed and the rest, stacked) and revenue per day
 * (confirmed appointments at the professionals' prices). Loaded only by the dashboard, after its
 * first paint. Each chart has its figures in a hidden table for screen readers.
 */
export default function DashboardCharts({ daily }: { daily: DailyPoint[] }) {
  const data = daily.map((d) => ({ ...d, others: d.appointments - d.confirmed }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-base">Agendamentos por dia</CardTitle>
          <CardDescription>Últimos 30 dias</CardDescription>
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          <figure aria-label="Gráfico de agendamentos por dia nos últimos 30 dias" data-testid="chart-appointments">
            <ChartContainer config={appointmentsConfig} className="aspect-auto h-64 w-full">
              <BarChart data={data} margin={{ left: -20, right: 8, top: 8 }}>
                <CartesianGrid vertical={false} />
                <XAxis dataKey="date" tickLine={false} axisLine={false} tickMargin={8} minTickGap={24} tickFormatter={dayMonth} />
                <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} />
                <Tooltip cursor content={<ChartTooltipContent labelFormatter={formatDate} />} />
                <Bar dataKey="confirmed" stackId="a" fill="var(--color-confirmed)" radius={[0, 0, 2, 2]} />
                <Bar dataKey="others" stackId="a" fill="var(--color-others)" radius={[2, 2, 0, 0]} />
              </BarChart>
            </ChartContainer>
            <ChartLegend config={appointmentsConfig} keys={["confirmed", "others"]} />
          </figure>
          <FiguresTable caption="Agendamentos por dia" rows={data.map((d) => [formatDate(d.date), `${d.appointments} (${d.confirmed} confirmados)`])} />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-base">Faturamento por dia</CardTitle>
          <CardDescription>Últimos 30 dias · agendamentos confirmados</CardDescription>
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          <figure aria-label="Gráfico de faturamento por dia nos últimos 30 dias" data-testid="chart-revenue">
            <ChartContainer config={revenueConfig} className="aspect-auto h-64 w-full">
              <BarChart data={data} margin={{ left: 4, right: 8, top: 8 }}>
                <CartesianGrid vertical={false} />
                <XAxis dataKey="date" tickLine={false} axisLine={false} tickMargin={8} minTickGap={24} tickFormatter={dayMonth} />
                <YAxis tickLine={false} axisLine={false} width={64} tickFormatter={(v: number) => compactBRL.format(v).replace(/\u00a0/g, " ")} />
                <Tooltip cursor content={<ChartTooltipContent labelFormatter={formatDate} valueFormatter={formatBRL} />} />
                <Bar dataKey="revenue" fill="var(--color-revenue)" radius={[2, 2, 0, 0]} />
              </BarChart>
            </ChartContainer>
            <ChartLegend config={revenueConfig} keys={["revenue"]} />
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
