import type { AuditAction } from "@/db/schema/reports";

export { auditUserLabel as userLabel } from "@/lib/audit-logs/schemas";

export function actionVariant(action: AuditAction): "success" | "secondary" | "destructive" {
  return action === "CREATE" ? "success" : action === "DELETE" ? "destructive" : "secondary";
}
