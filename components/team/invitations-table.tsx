"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { ActionConfirmDialog } from "@/components/form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { BUSINESS_ROLE_LABELS } from "@/lib/auth/roles";
import { formatDate } from "@/lib/format/date";
import { deleteInvitationAction } from "@/lib/team/actions";
import type { TeamInvitation } from "@/lib/team/queries";
import { DataTable } from "@/components/data/data-table";

export function InvitationsTable({ businessId, invitations }: { businessId: string; invitations: TeamInvitation[] }) {
  const router = useRouter();
  const [target, setTarget] = useState<TeamInvitation | null>(null);

  const columns = useMemo<ColumnDef<TeamInvitation, unknown>[]>(
    () => [
      { accessorKey: "email", header: "Email", cell: ({ row }) => <span className="font-medium">{row.original.email}</span> },
      { id: "role", header: "Função", meta: { className: "hidden sm:table-cell" }, cell: ({ row }) => <Badge variant="secondary">{BUSINESS_ROLE_LABELS[row.original.role]}</Badge> },
      { id: "sent", header: "Enviado em", meta: { className: "hidden md:table-cell" }, cell: ({ row }) => formatDate(row.original.invitedAt) },
      { id: "expires", header: "Expira em", cell: ({ row }) => formatDate(row.original.expiresAt) },
      {
        id: "actions",
        header: () => <span className="sr-only">Ações</span>,
        meta: { className: "w-12 text-right" },
        cell: ({ row }) => (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Excluir convite de ${row.original.email}`}
            onClick={() => setTarget(row.original)}
            className="text-destructive hover:text-destructive"
          >
            <Trash2 aria-hidden />
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Convites Pendentes</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <DataTable label="Convites Pendentes" columns={columns} data={invitations} rowId={(i) => i.id} empty="Nenhum convite pendente." />
      </CardContent>
      <ActionConfirmDialog
        open={!!target}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Excluir convite?"
        description={target ? `O link enviado para ${target.email} deixará de funcionar.` : undefined}
        confirmLabel="Excluir"
        destructive
        closeOnRefusal
        run={() => deleteInvitationAction({ businessId, invitationId: target!.id })}
        success={target ? { title: "Convite excluído", description: `O convite para ${target.email} foi excluído.` } : undefined}
        error="Erro"
        onDone={() => router.refresh()}
      />
    </Card>
  );
}
