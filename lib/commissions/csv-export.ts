import "server-only";
import { csvOnce } from "@/lib/core/csv/stream";
import { formatDate } from "@/lib/core/format/date";
import { formatCents } from "@/lib/core/format/money";
import { ENTRY_KIND_LABELS, STATEMENT_MESSAGES as S } from "./messages";
import { formatRate } from "./rates";
import type { Statement } from "./statement";

/** extrato_{professional}_{from}_{to}.csv */
export function statementCsvFileName(s: Statement): string {
  const name = s.professional.name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase() || "profissional";
  return `extrato_${name}_${s.from}_${s.to}.csv`;
}

export const STATEMENT_CSV_HEADER = ["Data", "Tipo", "Descrição", "Base", "Taxa", "Valor", "Estorno"] as const;

type CsvRow = readonly (string | null)[];

/** The statement as rows: its entries, then the totals, what the salon keeps and the payouts. */
export function statementCsvRows(s: Statement): CsvRow[] {
  const entries = s.entries.map((e): CsvRow => [
    formatDate(e.occurredOn), ENTRY_KIND_LABELS[e.kind], e.description, formatCents(e.baseCents),
    e.rate ? formatRate(e.rate) : null, formatCents(e.cents), e.reversal ? "Sim" : null,
  ]);
  const total = (label: string, cents: number): CsvRow => [null, "Total", label, null, null, formatCents(cents), null];
  return [
    ...entries,
    total(S.commissions, s.totals.commissions),
    total(S.tips, s.totals.tips),
    total(S.advances, s.totals.advances),
    total(S.due, s.totals.due),
    total(S.salonKeeps, s.salonKeeps),
    ...s.payouts.map((p): CsvRow => [formatDate(p.paidOn), "Pagamento", `${formatDate(p.periodStart)} a ${formatDate(p.periodEnd)}`, null, null, formatCents(p.cents), null]),
  ];
}

/** The statement's CSV, streamed and formula-safe as every export (lib/core/csv/stream.ts). */
export function statementCsvStream(s: Statement) {
  return csvOnce<CsvRow>("extrato", STATEMENT_CSV_HEADER, (r) => r, async () => statementCsvRows(s));
}
