import "server-only";
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { csvRecord, CSV_OPTIONS } from "@/lib/csv/csv";
import { formatDateTimeSeconds } from "@/lib/format/date";
import { todayInBusiness } from "@/lib/time/business-time";
import { auditRows, auditScope, type AuditLogRow, type AuditScope } from "./queries";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_EXPORT_BATCH, auditUserLabel, type AuditFilters } from "./schemas";

/** Spec section 9: logs_auditoria_{yyyy-MM-dd}.csv, today in the business zone. */
export function auditCsvFileName(now: Date = new Date()): string {
  return `logs_auditoria_${todayInBusiness(now)}.csv`;
}

/** Spec section 9's columns: date, user, action, entity, description. */
export const AUDIT_CSV_HEADER = ["Data", "Usuário", "Ação", "Entidade", "Descrição"] as const;

/** One entry's cells: dd/MM/yyyy HH:mm:ss in the business zone, the user's name (or e-mail, or 'Sistema'), Portuguese labels. */
export function auditCsvCells(row: AuditLogRow): string[] {
  return csvRecord([
    formatDateTimeSeconds(row.createdAt),
    auditUserLabel(row),
    AUDIT_ACTION_LABELS[row.action] ?? row.action,
    AUDIT_ENTITY_LABELS[row.entity] ?? row.entity,
    row.description,
  ]);
}

/**
 * Every matching entry, newest first, read in keyset batches of 1,000: memory stays flat whatever
 * the count, and no connection or transaction is held between batches. Entries written during the
 * export are newer than the first batch, so they never shift the ones still to come. `first` is the
 * batch the caller already read (to answer an error before the download starts).
 */
async function* auditCsvRecords(scope: AuditScope, first: AuditLogRow[]): AsyncGenerator<string[]> {
  yield csvRecord([...AUDIT_CSV_HEADER]);
  let batch = first;
  for (;;) {
    for (const row of batch) yield auditCsvCells(row);
    if (batch.length < AUDIT_EXPORT_BATCH) return;
    batch = await auditRows(scope, { after: batch.at(-1)!.cursor }, AUDIT_EXPORT_BATCH);
  }
}

/**
 * The CSV file as a byte stream (csv-stringify, with backpressure: the next batch is read only when
 * the client has taken the previous ones). Call only after checking the caller is the business's owner.
 */
export async function auditCsvStream(businessId: string, f: AuditFilters): Promise<ReadableStream<Uint8Array>> {
  const scope = await auditScope(businessId, f);
  const first = await auditRows(scope, {}, AUDIT_EXPORT_BATCH);
  const source = Readable.from(auditCsvRecords(scope, first));
  const csv = stringify(CSV_OPTIONS);
  source.on("error", (e) => {
    console.error("[csv auditoria]", e);
    csv.destroy(e);
  });
  return Readable.toWeb(source.pipe(csv)) as ReadableStream<Uint8Array>;
}
