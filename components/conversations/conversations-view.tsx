"use client";

import { Bot, MessageSquare, Phone, User, Users } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/data/empty-state";
import { LoadError } from "@/components/data/load-error";
import { Pagination } from "@/components/data/pagination";
import { SearchBox } from "@/components/data/search-box";
import { ReportStatCard, ReportStats } from "@/components/reports/report-stat-card";
import { useLive } from "@/components/live/use-live";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { cn } from "@/lib/cn";
import type { ConversationRow, ConversationsReport } from "@/lib/conversations/queries";
import { CONVERSATION_FILTER_LABELS, CONVERSATION_FILTERS, CONVERSATION_MESSAGES, type ConversationFilter } from "@/lib/conversations/messages";
import { formatDateTime } from "@/lib/core/format/date";
import { formatPhone } from "@/lib/core/format/phone";
import { liveKey } from "@/lib/core/live/keys";
import { formatCount, formatPercent } from "@/lib/reports/figures";
import type { Cursor } from "@/lib/core/realtime/cursor";

/** `cursor`: the page's render cursor (AuthContext.cursor), where its live updates start. */
type Props = { businessId: string; report: ConversationsReport | null; q: string; filter: ConversationFilter; page: number; cursor: Cursor };

const BASE = "/reports/conversations";

function filterHref(q: string, filter: ConversationFilter) {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (filter !== "all") search.set("filter", filter);
  const qs = search.toString();
  return qs ? `${BASE}?${qs}` : BASE;
}

/** Conversas: stats, search on the server, all / bot / human, newest first, paged, live. */
export function ConversationsView({ businessId, report: rendered, q, filter, page, cursor }: Props) {
  // Live through the one read path: a conversation the bot posts reads the page shown again.
  const key = rendered ? liveKey(businessId, "conversations", { q, filter, page: String(page) }) : null;
  const { data: report } = useLive(key, rendered ?? undefined, cursor);
  return (
    <>
      <PageHeader title="Conversas" description="As mensagens trocadas entre o bot de WhatsApp e os seus clientes, das mais recentes às mais antigas." />
      {!report ? (
        <LoadError title={CONVERSATION_MESSAGES.loadError} />
      ) : (
        <>
          <ReportStats label="Estatísticas das conversas">
            <ReportStatCard testId="stat-conversations-total" title="Total de Mensagens" value={formatCount(report.stats.total)} note="Todas as conversas registradas" icon={MessageSquare} />
            <ReportStatCard
              testId="stat-conversations-bot"
              title="Bot"
              value={formatPercent(report.stats.botShare)}
              note={`${formatCount(report.stats.bot)} ${report.stats.bot === 1 ? "mensagem do bot" : "mensagens do bot"}`}
              icon={Bot}
            />
            <ReportStatCard
              testId="stat-conversations-human"
              title="Humano"
              value={formatPercent(report.stats.humanShare)}
              note={`${formatCount(report.stats.human)} ${report.stats.human === 1 ? "mensagem de cliente" : "mensagens de clientes"}`}
              icon={User}
            />
            <ReportStatCard
              testId="stat-conversations-clients"
              title="Clientes Únicos"
              value={formatCount(report.stats.uniqueClients)}
              note="Telefones diferentes nas conversas"
              icon={Users}
            />
          </ReportStats>
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <SearchBox label="Buscar conversas" placeholder="Mensagem, cliente ou telefone" />
            <nav aria-label="Filtrar conversas" className="inline-flex rounded-md border bg-muted p-1">
              {CONVERSATION_FILTERS.map((f) => (
                <Link
                  key={f}
                  href={filterHref(q, f)}
                  aria-current={f === filter ? "page" : undefined}
                  scroll={false}
                  className={cn(
                    "rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
                    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    f === filter && "bg-background text-foreground shadow-sm",
                  )}
                >
                  {CONVERSATION_FILTER_LABELS[f]}
                </Link>
              ))}
            </nav>
          </div>
          {report.list.items.length === 0 ? (
            <Card>
              <EmptyState
                icon={MessageSquare}
                title={CONVERSATION_MESSAGES.empty}
                description={q || filter !== "all" ? "Tente outra busca ou outro filtro." : "As conversas aparecem aqui assim que o bot de WhatsApp as enviar."}
              />
            </Card>
          ) : (
            <>
              <ul role="list" aria-label="Conversas" className="grid gap-3">
                {report.list.items.map((c) => (
                  <li key={c.id}>
                    <ConversationItem conversation={c} />
                  </li>
                ))}
              </ul>
              <Pagination
                basePath={BASE}
                params={{ q, filter: filter === "all" ? "" : filter }}
                page={report.list.page}
                pageCount={report.list.pageCount}
                total={report.list.total}
                noun={["conversa", "conversas"]}
              />
            </>
          )}
        </>
      )}
    </>
  );
}

function ConversationItem({ conversation: c }: { conversation: ConversationRow }) {
  const Icon = c.isBot ? Bot : User;
  return (
    <Card className="flex gap-3 p-4" data-testid="conversation">
      <div
        aria-hidden
        className={cn(
          "flex size-9 shrink-0 items-center justify-center rounded-full",
          c.isBot ? "bg-primary/10 text-primary" : "bg-muted text-muted-foreground",
        )}
      >
        <Icon className="size-4" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="min-w-0 break-words font-medium">{c.clientName ?? "Cliente removido"}</p>
          {c.clientPhone && (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <Phone aria-hidden className="size-3" />
              {formatPhone(c.clientPhone)}
            </span>
          )}
          <Badge variant={c.isBot ? "secondary" : "outline"}>{c.isBot ? "Bot" : "Humano"}</Badge>
          <time dateTime={c.createdAt} className="ml-auto text-xs text-muted-foreground">
            {formatDateTime(c.createdAt)}
          </time>
        </div>
        <p className="mt-1.5 whitespace-pre-wrap break-words text-sm">{c.message}</p>
      </div>
    </Card>
  );
}
