import "server-only";
import { stringify } from "csv-stringify/sync";
import { csvRecord, CSV_OPTIONS } from "@/lib/core/csv/csv";
import { formatDateTimeSeconds } from "@/lib/core/format/date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { auditRows, auditScope, type AuditLogRow } from "./queries";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_EXPORT_BATCH, auditUserLabel, type AuditCursor, type AuditFilters } from "./schemas";

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
 * The CSV file as a byte stream: every matching entry, newest first, read in keyset batches of
 * 1,000 and written a batch at a time (one chunk each: 100,000 one-line chunks through the web
 * stream cost seconds). The next batch is read only when the client has taken the previous one, so
 * memory stays flat whatever the count, and no connection or transaction is held in between;
 * entries written during the export are newer than the first batch, so they never shift the ones
 * still to come. The first batch is read before answering, so a failure is still a clean error.
 * Call only after checking the caller is the business's owner.
 */
export async function auditCsvStream(businessId: string, f: AuditFilters): Promise<ReadableStream<Uint8Array>> {
  const scope = await auditScope(businessId, f);
  let batch: AuditLogRow[] | null = await auditRows(scope, {}, AUDIT_EXPORT_BATCH);
  // Between two pulls only the cursor is kept: the written batch is already garbage while the next
  // one is read, so it dies young instead of being promoted and growing the heap.
  let next: AuditCursor | null = null;
  let first = true;
  // The person gave up (closed the tab, cancelled the download): a read under way is dropped.
  let cancelled = false;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!batch && next) batch = await auditRows(scope, { after: next }, AUDIT_EXPORT_BATCH);
        if (cancelled) return;
        if (!batch) {
          controller.close();
          return;
        }
        const records = batch.map(auditCsvCells);
        if (first) records.unshift(csvRecord([...AUDIT_CSV_HEADER]));
        controller.enqueue(encoder.encode(stringify(records, { ...CSV_OPTIONS, bom: first })));
        first = false;
        next = batch.length < AUDIT_EXPORT_BATCH ? null : batch[batch.length - 1].cursor;
        batch = null;
      } catch (e) {
        if (cancelled) return;
        console.error("[csv auditoria]", e);
        controller.error(e);
      }
    },
    cancel() {
      cancelled = true;
      batch = null;
      next = null;
    },
  });
}
