"use client";

import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { AuditLogRow } from "@/lib/audit-logs/queries";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "@/lib/audit-logs/schemas";
import { formatDateTimeSeconds } from "@/lib/core/format/date";
import { actionVariant, userLabel } from "./labels";

/** Old/new values as indented JSON, rendered as text (React escapes it): never markup. */
function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="grid gap-1.5">
      <h3 className="text-sm font-medium">{label}</h3>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md border bg-muted p-3 font-mono text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

const present = (v: unknown) => v !== null && v !== undefined && !(typeof v === "object" && Object.keys(v as object).length === 0);

/** 'Detalhes': date, user, action, entity, description, and the previous and new values when present. */
export function AuditDetailsDialog({ log, onClose }: { log: AuditLogRow | null; onClose: () => void }) {
  return (
    <Dialog open={!!log} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        {log && (
          <>
            <DialogHeader>
              <DialogTitle>Detalhes do Log</DialogTitle>
              <DialogDescription>O que foi feito, por quem e quando.</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Data</dt>
                <dd className="font-medium tabular-nums">{formatDateTimeSeconds(log.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Usuário</dt>
                <dd className="break-words font-medium">
                  {userLabel(log)}
                  {log.userEmail && log.userName && <span className="block text-xs font-normal text-muted-foreground">{log.userEmail}</span>}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Ação</dt>
                <dd>
                  <Badge variant={actionVariant(log.action)}>{AUDIT_ACTION_LABELS[log.action]}</Badge>
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Entidade</dt>
                <dd className="font-medium">{AUDIT_ENTITY_LABELS[log.entity]}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">Descrição</dt>
                <dd className="whitespace-pre-wrap break-words font-medium">{log.description}</dd>
              </div>
            </dl>
            {present(log.oldValues) && <JsonBlock label="Valores Anteriores" value={log.oldValues} />}
            {present(log.newValues) && <JsonBlock label="Novos Valores" value={log.newValues} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
