import "server-only";
import type { Db, Tx } from "@/db";
import { auditLogs, type AuditAction, type AuditEntity } from "@/db/schema";

export type AuditEntry = {
  actorId: string | null;
  businessId: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  /** Portuguese, naming the record: 'Cliente "Ana Souza" criado'. */
  description: string;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
};

/**
 * Writes one audit row with the write it describes: call it with the write's transaction handle, so
 * the two commit or roll back together (the action pipeline does).
 */
export async function recordAudit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    businessId: entry.businessId,
    userId: entry.actorId,
    actionType: entry.action,
    entityType: entry.entity,
    entityId: entry.entityId,
    description: entry.description,
    oldValues: entry.oldValues ?? null,
    newValues: entry.newValues ?? null,
  }).prepare("insert_audit_log").execute();
}
