"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ArrowLeft, CalendarPlus, Merge, Pencil } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { DataTable } from "@/components/data/data-table";
import { Pagination } from "@/components/data/pagination";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { statusMeta } from "@/lib/appointments/status";
import type { ClientProfile, ClientVisit } from "@/lib/clients/queries";
import type { Paged } from "@/lib/core/data/list";
import { formatDate } from "@/lib/core/format/date";
import { formatBRL } from "@/lib/core/format/money";
import { formatPhone } from "@/lib/core/format/phone";
import { ClientAccount } from "./client-account";
import type { ClientAccount as ClientAccountData } from "@/lib/comandas/queries";
import type { Cursor } from "@/lib/core/realtime/cursor";

const ClientNotesDialog = preloadable(() => import("./client-notes-dialog").then((m) => m.ClientNotesDialog), { whenIdle: true });
const MergeClientDialog = preloadable(() => import("./merge-client-dialog").then((m) => m.MergeClientDialog), { whenIdle: true });

const count = (n: number) => n.toLocaleString("pt-BR");

const COLUMNS: ColumnDef<ClientVisit, unknown>[] = [
  {
    id: "when",
    header: "Data",
    cell: ({ row: { original: v } }) => <span className="whitespace-nowrap font-medium tabular-nums">{formatDate(v.date)} às {v.time}</span>,
    meta: { className: "max-sm:basis-full" },
  },
  {
    id: "services",
    header: "Serviços",
    cell: ({ row: { original: v } }) =>
      v.lines.length ? (
        <ul className="grid gap-0.5">
          {v.lines.map((l, i) => (
            <li key={i}>
              {l.serviceName} <span className="text-muted-foreground">· {l.professionalName ?? "Sem profissional"}</span>
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-muted-foreground">Sem serviços</span>
      ),
    meta: { className: "max-sm:basis-full" },
  },
  { id: "amount", header: "Valor", cell: ({ row: { original: v } }) => <span className="tabular-nums">{formatBRL(v.amount)}</span>, meta: { className: "whitespace-nowrap" } },
  {
    id: "status",
    header: "Status",
    cell: ({ row: { original: v } }) => {
      const s = statusMeta(v.statusId);
      return <Badge variant={s.badge}>{s.label}</Badge>;
    },
  },
];

/** The client's page (issue 35): contact, totals and notes; the next appointments; the history, paged. */
export function ClientProfileView({ businessId, profile, history, canMerge, account, cursor }: {
  businessId: string; profile: ClientProfile; history: Paged<ClientVisit>;
  /** The client's comandas and balance (issue 53); null when their read failed. */
  account: ClientAccountData | null;
  cursor: Cursor;
  /** 'Mesclar': the owner or an administrator (the action is owner level). */
  canMerge: boolean;
}) {
  const { client, totals } = profile;
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  const notesLoaded = useOpenedOnce(editing);
  const mergeLoaded = useOpenedOnce(merging);
  return (
    <>
      <PageHeader
        title={client.name}
        description="Contato, histórico e observações do cliente"
        actions={
          <>
            <Button asChild variant="outline">
              <Link href="/clients">
                <ArrowLeft aria-hidden /> Clientes
              </Link>
            </Button>
            {canMerge && (
              <Button variant="outline" onClick={() => setMerging(true)}>
                <Merge aria-hidden /> Mesclar
              </Button>
            )}
            {profile.lastVisitId && (
              <Button asChild>
                <Link href={`/appointments?repetir=${profile.lastVisitId}`}>
                  <CalendarPlus aria-hidden /> Agendar novamente
                </Link>
              </Button>
            )}
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Contato</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Telefone</dt>
              <dd className="min-w-0 break-words text-right">{client.phone ? formatPhone(client.phone) : "Sem telefone"}</dd>
              <dt className="text-muted-foreground">E-mail</dt>
              <dd className="min-w-0 break-all text-right">{client.email ?? "Sem e-mail"}</dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Resumo</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="client-totals">
              <dt className="text-muted-foreground">Visitas</dt>
              <dd className="text-right font-medium tabular-nums">{count(totals.visits)}</dd>
              <dt className="text-muted-foreground">Total gasto</dt>
              <dd className="text-right font-medium tabular-nums">{formatBRL(totals.spent)}</dd>
              <dt className="text-muted-foreground">Última visita</dt>
              <dd className="text-right font-medium tabular-nums">{totals.lastVisit ? formatDate(totals.lastVisit) : "Nenhuma"}</dd>
              <dt className="text-muted-foreground">Faltas</dt>
              <dd className="text-right font-medium tabular-nums">{count(totals.noShows)}</dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex flex-row items-start justify-between gap-2">
            <CardTitle>Observações</CardTitle>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Editar observações
            </Button>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-wrap break-words text-sm" data-testid="client-notes">
              {client.notes ?? <span className="text-muted-foreground">Nenhuma observação.</span>}
            </p>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="upcoming-title" className="mt-8">
        <h2 id="upcoming-title" className="mb-3 text-lg font-semibold">Próximos agendamentos</h2>
        <DataTable label="Próximos agendamentos" columns={COLUMNS} data={profile.upcoming} rowId={(v) => v.id} empty="Nenhum agendamento futuro." stacked />
      </section>

      <section aria-labelledby="history-title" className="mt-8">
        <h2 id="history-title" className="mb-3 text-lg font-semibold">Histórico</h2>
        <DataTable label="Histórico" columns={COLUMNS} data={history.items} rowId={(v) => v.id} empty="Nenhum atendimento anterior." stacked />
        <Pagination basePath={`/clients/${client.id}`} params={{}} page={history.page} pageCount={history.pageCount} total={history.total} noun={["agendamento", "agendamentos"]} />
      </section>

      <ClientAccount businessId={businessId} clientId={client.id} clientName={client.name} initial={account} cursor={cursor} />

      {notesLoaded && <ClientNotesDialog businessId={businessId} client={client} open={editing} onOpenChange={setEditing} />}
      {canMerge && mergeLoaded && <MergeClientDialog businessId={businessId} client={client} open={merging} onOpenChange={setMerging} />}
    </>
  );
}
