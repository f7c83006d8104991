import "server-only";
import { csvOnce } from "@/lib/core/csv/stream";
import { formatCents } from "@/lib/core/format/money";
import { DAY_CLOSING_MESSAGES as M, METHOD_LABELS } from "./messages";
import { DAY_METHODS, type DayClosing } from "./queries";

/** fechamento_{yyyy-MM-dd}.csv */
export const dayClosingCsvFileName = (date: string) => `fechamento_${date}.csv`;

export const DAY_CLOSING_CSV_HEADER = ["Seção", "Nome", "Valor", "Serviços", "Produtos", "Gorjetas", "Comissões"] as const;

type CsvRow = readonly (string | null)[];

/** The report as rows: the comandas' counts, each method and the total, then each professional. */
export function dayClosingCsvRows(d: DayClosing): CsvRow[] {
  return [
    [M.comandas, M.closed, String(d.closed), null, null, null, null],
    [M.comandas, M.reversed, String(d.reversed), null, null, null, null],
    ...DAY_METHODS.map((m): CsvRow => [M.byMethod, METHOD_LABELS[m], formatCents(d.methods[m]), null, null, null, null]),
    [M.byMethod, M.total, formatCents(d.total), null, null, null, null],
    ...d.professionals.map((p): CsvRow => [M.byProfessional, p.name, null, formatCents(p.services), formatCents(p.products), formatCents(p.tips), formatCents(p.commissions)]),
  ];
}

/** The report's CSV, streamed and formula-safe as every export (lib/core/csv/stream.ts). */
export function dayClosingCsvStream(d: DayClosing) {
  return csvOnce<CsvRow>("fechamento", DAY_CLOSING_CSV_HEADER, (r) => r, async () => dayClosingCsvRows(d));
}
