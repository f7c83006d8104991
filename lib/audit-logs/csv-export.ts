import "server-only";
import { csvStream } from "@/lib/core/csv/stream";
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
  return [
    formatDateTimeSeconds(row.createdAt),
    auditUserLabel(row),
    AUDIT_ACTION_LABELS[row.action] ?? row.action,
    AUDIT_ENTITY_LABELS[row.entity] ?? row.entity,
    row.description,
  ];
}

/**
 * The CSV file as a byte stream (lib/core/csv/stream.ts): every matching entry, newest first, read
 * in keyset batches of 1,000; entries written during the export are newer than the first batch, so
 * they never shift the ones still to come. Call only after checking the caller is the business's owner.
 */
export async function auditCsvStream(businessId: string, f: AuditFilters): Promise<ReadableStream<Uint8Array>> {
  const scope = await auditScope(businessId, f);
  return csvStream<AuditLogRow, AuditCursor>({
    label: "auditoria",
    header: AUDIT_CSV_HEADER,
    cells: auditCsvCells,
    read: (after) => auditRows(scope, after ? { after } : {}, AUDIT_EXPORT_BATCH),
    cursorOf: (row) => row.cursor,
    batch: AUDIT_EXPORT_BATCH,
  });
}
