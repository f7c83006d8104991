"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useWrite } from "@/components/live/use-write";
import { Badge } from "@/components/ui/badge";
import { EmailText } from "@/components/ui/email-text";
import { BUSINESS_ROLE_LABELS } from "@/lib/auth/roles";
import { formatDate } from "@/lib/core/format/date";
import { displayName } from "@/lib/core/format/phone";
import { removeMemberAction } from "@/lib/team/actions";
import type { TeamMember } from "@/lib/team/queries";
import { TeamTable, type Removal } from "./team-table";

const COLUMNS: ColumnDef<TeamMember, unknown>[] = [
  {
    id: "name",
    header: "Nome",
    cell: ({ row }) => (
      <div className="flex min-w-0 flex-col">
        <span className="font-medium wrap-anywhere">{displayName(row.original)}</span>
        <EmailText email={row.original.email} className="text-xs text-muted-foreground sm:hidden" />
      </div>
    ),
  },
  { accessorKey: "email", header: "Email", meta: { className: "hidden sm:table-cell" }, cell: ({ row }) => <EmailText email={row.original.email} /> },
  {
    id: "role",
    header: "Função",
    cell: ({ row }) => <Badge variant={row.original.role === "owner" ? "default" : "secondary"}>{BUSINESS_ROLE_LABELS[row.original.role]}</Badge>,
  },
  { id: "joined", header: "Entrou em", meta: { className: "hidden md:table-cell" }, cell: ({ row }) => formatDate(row.original.joinedAt) },
];

/** 'Membros da Equipe': everyone in the business; the owner removes employees (never the owner, never themself). */
export function MembersTable({ businessId, members, currentUserId }: { businessId: string; members: TeamMember[]; currentUserId: string }) {
  const removeMember = useWrite(removeMemberAction);
  const removal = useMemo<Removal<TeamMember>>(
    () => ({
      allowed: (m) => m.role !== "owner" && m.userId !== currentUserId,
      buttonLabel: (m) => `Remover ${displayName(m)}`,
      title: "Remover membro?",
      description: (m) => `${displayName(m)} perderá o acesso a este negócio. Esta ação não pode ser desfeita.`,
      confirmLabel: "Remover",
      run: (m) => removeMember({ businessId, memberId: m.userId }),
      success: (m) => ({ title: "Membro removido", description: `${displayName(m)} não faz mais parte da equipe.` }),
    }),
    [businessId, currentUserId, removeMember],
  );
  return <TeamTable title="Membros da Equipe" columns={COLUMNS} data={members} rowId={(m) => m.userId} empty="Nenhum membro encontrado." removal={removal} />;
}
