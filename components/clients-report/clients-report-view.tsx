"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { CalendarCheck, Repeat, Trophy, UserPlus, Users } from "lucide-react";
import { DataTable } from "@/components/data/data-table";
import { LoadError } from "@/components/data/load-error";
import { Pagination } from "@/components/data/pagination";
import { SearchBox } from "@/components/data/search-box";
import { ReportStatCard, ReportStats } from "@/components/reports/report-stat-card";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import type { ClientReportRow, ClientsReport } from "@/lib/clients-report/queries";
import { CLIENTS_REPORT_MESSAGES, NEW_CLIENT_DAYS } from "@/lib/clients-report/schemas";
import { formatDate } from "@/lib/core/format/date";
import { formatPhone } from "@/lib/core/format/phone";
import { formatCount, formatDecimal2, formatPercent } from "@/lib/reports/figures";

const appointments = (n: number) => `${formatCount(n)} ${n === 1 ? "agendamento" : "agendamentos"}`;
const clientsText = (n: number) => `${formatCount(n)} ${n === 1 ? "cliente" : "clientes"}`;

const columns: ColumnDef<ClientReportRow, unknown>[] = [
  { id: "name", header: "Nome", cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
  { id: "phone", header: "Telefone", cell: ({ row }) => (row.original.phone ? formatPhone(row.original.phone) : "—"), meta: { className: "whitespace-nowrap max-sm:hidden" } },
  { id: "email", header: "Email", cell: ({ row }) => row.original.email ?? "—", meta: { className: "max-lg:hidden" } },
  { id: "count", header: "Agendamentos", cell: ({ row }) => formatCount(row.original.appointmentCount), meta: { className: "text-right tabular-nums" } },
  {
    id: "last",
    header: () => <span className="inline-block whitespace-normal">Último Agendamento</span>,
    cell: ({ row }) => (row.original.lastAppointment ? formatDate(row.original.lastAppointment) : "—"),
    meta: { className: "whitespace-nowrap tabular-nums" },
  },
];

/** Relatório de Clientes: figures, top 5, the 5 newest and every client, all computed on the server. */
export function ClientsReportView({ report, q }: { report: ClientsReport | null; q: string }) {
  return (
    <>
      <PageHeader title="Relatório de Clientes" description="Quantos clientes você tem, quantos voltam e quem agenda mais." />
      {!report ? (
        <LoadError title={CLIENTS_REPORT_MESSAGES.loadError} />
      ) : (
        <>
          <ReportStats label="Estatísticas dos clientes">
            <ReportStatCard
              testId="stat-clients-total"
              title="Total de Clientes"
              value={formatCount(report.stats.totalClients)}
              note={`${formatCount(report.stats.newClients)} ${report.stats.newClients === 1 ? "novo" : "novos"} nos últimos ${NEW_CLIENT_DAYS} dias (${formatPercent(report.stats.newClientsShare)})`}
              icon={Users}
            />
            <ReportStatCard
              testId="stat-clients-average"
              title="Média de Agendamentos"
              value={formatDecimal2(report.stats.averageAppointments)}
              note={`por cliente (${appointments(report.stats.totalAppointments)})`}
              icon={CalendarCheck}
            />
            <ReportStatCard
              testId="stat-clients-with-appointments"
              title="Com Agendamento"
              value={formatPercent(report.stats.withAppointmentsShare)}
              note={`${clientsText(report.stats.withAppointments)} com ao menos 1 agendamento`}
              icon={UserPlus}
            />
            <ReportStatCard
              testId="stat-clients-returning"
              title="Clientes Recorrentes"
              value={formatPercent(report.stats.returningShare)}
              note={`${clientsText(report.stats.returning)} com 2 ou mais agendamentos`}
              icon={Repeat}
            />
          </ReportStats>
          <div className="mb-6 grid gap-4 lg:grid-cols-2">
            <ClientRanking
              testId="top-clients"
              title="Top 5 Clientes"
              description="Os clientes com mais agendamentos."
              empty="Nenhum cliente com agendamentos ainda."
              rows={report.top}
              ordered
              detail={(c) => `${appointments(c.appointmentCount)}${c.lastAppointment ? ` · último em ${formatDate(c.lastAppointment)}` : ""}`}
              icon={Trophy}
            />
            <ClientRanking
              testId="recent-clients"
              title="Clientes Mais Recentes"
              description="Os 5 últimos clientes cadastrados."
              empty="Nenhum cliente cadastrado ainda."
              rows={report.recent}
              detail={(c) => `Cadastrado em ${formatDate(c.createdAt)} · ${appointments(c.appointmentCount)}`}
              icon={UserPlus}
            />
          </div>
          <Card>
            <div className="grid gap-3 p-4 sm:p-6">
              <div className="grid gap-1.5">
                <CardTitle>Todos os Clientes</CardTitle>
                <CardDescription>Com o número de agendamentos e a data do último.</CardDescription>
              </div>
              <SearchBox label="Buscar clientes" placeholder="Nome, telefone ou e-mail" />
            </div>
            <div className="pb-2 sm:px-6 sm:pb-6">
              <DataTable
                label="Todos os clientes"
                columns={columns}
                data={report.list.items}
                rowId={(c) => c.id}
                empty={CLIENTS_REPORT_MESSAGES.empty}
              />
            </div>
          </Card>
          <Pagination
            basePath="/reports/clients"
            params={{ q }}
            page={report.list.page}
            pageCount={report.list.pageCount}
            total={report.list.total}
            noun={["cliente", "clientes"]}
          />
        </>
      )}
    </>
  );
}

function ClientRanking({
  testId, title, description, empty, rows, detail, ordered, icon: Icon,
}: {
  testId: string;
  title: string;
  description: string;
  empty: string;
  rows: ClientReportRow[];
  detail: (c: ClientReportRow) => string;
  ordered?: boolean;
  icon: typeof Users;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <Card data-testid={testId} className="p-4 sm:p-6">
      <div className="mb-2 grid gap-1.5">
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden className="size-4 text-muted-foreground" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <List role="list" aria-label={title} className="divide-y">
            {rows.map((c, i) => (
              <li key={c.id} className="flex items-center gap-3 py-2.5">
                {ordered && (
                  <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold tabular-nums">
                    {i + 1}
                  </span>
                )}
                <div className="min-w-0">
                  <p className="break-words text-sm font-medium">{c.name}</p>
                  <p className="text-xs text-muted-foreground">{detail(c)}</p>
                </div>
              </li>
            ))}
          </List>
        )}
    </Card>
  );
}
