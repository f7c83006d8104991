/**
 * Logs de Auditoria: texts (spec sections 2 and 8), the Portuguese labels of actions and entities,
 * and the filters as they live in the URL (?q=&action=&entity=&user=&from=&to=, paging by
 * ?after= / ?before= cursors). Browser-safe: the filter bar and the page read the same parser.
 */
import type { AuditAction, AuditEntity } from "@/db/schema/reports";
import { param, type SearchParams } from "@/lib/core/data/list";
import { parseDateOnly } from "@/lib/core/time/business-date";

export const AUDIT_MESSAGES = {
  title: "Logs de Auditoria",
  subtitle: "Monitore as ações dos colaboradores do seu negócio: quem criou, alterou ou excluiu agendamentos, clientes, serviços e profissionais.",
  empty: "Nenhum log encontrado com os filtros aplicados.",
  loadError: "Erro ao carregar logs",
  loadErrorDescription: "Não foi possível carregar os logs de auditoria.",
  apply: "Aplicar Filtros",
  clear: "Limpar Filtros",
  exportCsv: "Exportar CSV",
} as const;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  CREATE: "Criação",
  UPDATE: "Atualização",
  DELETE: "Exclusão",
};

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  appointment: "Agendamento",
  client: "Cliente",
  service: "Serviço",
  professional: "Profissional",
  waitlist_entry: "Lista de espera",
  product: "Produto",
  cash_register: "Caixa",
  comanda: "Comanda",
  pix: "Pix",
};

/** Who did it: the name, else the e-mail; "Sistema" when no user (the WhatsApp integration, or a removed account). */
export function auditUserLabel(log: { userId: string | null; userName: string | null; userEmail: string | null }): string {
  if (!log.userId) return "Sistema";
  return log.userName?.trim() || log.userEmail || "Usuário";
}

const ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];
const ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as AuditEntity[];

export const AUDIT_PAGE_SIZE = 50;
/** Rows read per database round trip by the CSV export. */
export const AUDIT_EXPORT_BATCH = 1000;

export type AuditFilters = {
  q: string;
  action: AuditAction | null;
  entity: AuditEntity | null;
  userId: string | null;
  /** YYYY-MM-DD, business zone, inclusive. */
  from: string | null;
  to: string | null;
};

export const NO_AUDIT_FILTERS: AuditFilters = { q: "", action: null, entity: null, userId: null, from: null, to: null };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function dateOrNull(v: string): string | null {
  try {
    // Years past 2999 are no filter anyone means, and 9999-12-31's next day has five digits.
    if (parseDateOnly(v).year > 2999) return null;
    return v;
  } catch {
    return null;
  }
}

/** The filters of a URL; anything unknown or malformed is ignored (never an error page). A reversed period is put right. */
export function auditFiltersFrom(searchParams: SearchParams): AuditFilters {
  const action = param(searchParams, "action");
  const entity = param(searchParams, "entity");
  const user = param(searchParams, "user");
  let from = dateOrNull(param(searchParams, "from"));
  let to = dateOrNull(param(searchParams, "to"));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    q: param(searchParams, "q").trim().slice(0, 200),
    action: (ACTIONS as string[]).includes(action) ? (action as AuditAction) : null,
    entity: (ENTITIES as string[]).includes(entity) ? (entity as AuditEntity) : null,
    userId: UUID_RE.test(user) ? user.toLowerCase() : null,
    from,
    to,
  };
}

/** The filters as URL parameters (only the set ones), the inverse of auditFiltersFrom. */
export function auditFilterParams(f: AuditFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.q) out.q = f.q;
  if (f.action) out.action = f.action;
  if (f.entity) out.entity = f.entity;
  if (f.userId) out.user = f.userId;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  return out;
}

export function hasAuditFilters(f: AuditFilters): boolean {
  return Object.keys(auditFilterParams(f)).length > 0;
}

/** A keyset position: the row's exact created_at (microseconds, UTC) and its id. */
export type AuditCursor = { ts: string; id: string };

const CURSOR_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/i;

export function formatCursor(c: AuditCursor): string {
  return `${c.ts}_${c.id}`;
}

export function parseCursor(value: string): AuditCursor | null {
  const m = CURSOR_RE.exec(value);
  return m && UUID_RE.test(m[2]) ? { ts: m[1], id: m[2].toLowerCase() } : null;
}

/** ?after= (older than) or ?before= (newer than); the first page has neither. */
export type AuditPageNav = { after?: AuditCursor; before?: AuditCursor };

export function auditNavFrom(searchParams: SearchParams): AuditPageNav {
  const after = parseCursor(param(searchParams, "after"));
  if (after) return { after };
  const before = parseCursor(param(searchParams, "before"));
  return before ? { before } : {};
}
