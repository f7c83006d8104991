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
import { displayName } from "@/lib/format/phone";
import { removeMemberAction } from "@/lib/team/actions";
import type { TeamMember } from "@/lib/team/queries";
import { DataTable } from "@/components/data/data-table";

type Props = { businessId: string; members: TeamMember[]; currentUserId: string };

export function MembersTable({ businessId, members, currentUserId }: Props) {
  const router = useRouter();
  const [target, setTarget] = useState<TeamMember | null>(null);

  const columns = useMemo<ColumnDef<TeamMember, unknown>[]>(
    () => [
      {
        id: "name",
        header: "Nome",
        cell: ({ row }) => (
          <div className="flex min-w-0 flex-col">
            <span className="font-medium">{displayName(row.original)}</span>
            <span className="truncate text-xs text-muted-foreground sm:hidden">{row.original.email}</span>
          </div>
        ),
      },
      { accessorKey: "email", header: "Email", meta: { className: "hidden sm:table-cell" } },
      {
        id: "role",
        header: "Função",
        cell: ({ row }) => (
          <Badge variant={row.original.role === "owner" ? "default" : "secondary"}>{BUSINESS_ROLE_LABELS[row.original.role]}</Badge>
        ),
      },
      { id: "joined", header: "Entrou em", meta: { className: "hidden md:table-cell" }, cell: ({ row }) => formatDate(row.original.joinedAt) },
      {
        id: "actions",
        header: () => <span className="sr-only">Ações</span>,
        meta: { className: "w-12 text-right" },
        cell: ({ row }) =>
          row.original.role === "owner" || row.original.userId === currentUserId ? null : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remover ${displayName(row.original)}`}
              onClick={() => setTarget(row.original)}
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden />
            </Button>
          ),
      },
    ],
    [currentUserId],
  );

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Membros da Equipe</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <DataTable label="Membros da Equipe" columns={columns} data={members} rowId={(m) => m.userId} empty="Nenhum membro encontrado." />
      </CardContent>
      <ActionConfirmDialog
        open={!!target}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Remover membro?"
        description={target ? `${displayName(target)} perderá o acesso a este negócio. Esta ação não pode ser desfeita.` : undefined}
        confirmLabel="Remover"
        destructive
        closeOnRefusal
        run={() => removeMemberAction({ businessId, memberId: target!.userId })}
        success={target ? { title: "Membro removido", description: `${displayName(target)} não faz mais parte da equipe.` } : undefined}
        error="Erro"
        onDone={() => router.refresh()}
      />
    </Card>
  );
}
