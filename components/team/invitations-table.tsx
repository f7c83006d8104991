"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useWrite } from "@/components/live/use-write";
import { Badge } from "@/components/ui/badge";
import { EmailText } from "@/components/ui/email-text";
import { BUSINESS_ROLE_LABELS } from "@/lib/auth/roles";
import { formatDate } from "@/lib/core/format/date";
import { deleteInvitationAction } from "@/lib/team/actions";
import type { TeamInvitation } from "@/lib/team/queries";
import { TeamTable, type Removal } from "./team-table";

const COLUMNS: ColumnDef<TeamInvitation, unknown>[] = [
  // A long address breaks (EmailText) so the table, and its delete buttons, fit a phone.
  { accessorKey: "email", header: "Email", cell: ({ row }) => <EmailText email={row.original.email} className="font-medium" /> },
  { id: "role", header: "Função", meta: { className: "hidden sm:table-cell" }, cell: ({ row }) => <Badge variant="secondary">{BUSINESS_ROLE_LABELS[row.original.role]}</Badge> },
  { id: "sent", header: "Enviado em", meta: { className: "hidden md:table-cell" }, cell: ({ row }) => formatDate(row.original.invitedAt) },
  { id: "expires", header: "Expira em", cell: ({ row }) => formatDate(row.original.expiresAt) },
];

/** 'Convites Pendentes': invitations not yet accepted; deleting one makes its link stop working. */
export function InvitationsTable({ businessId, invitations }: { businessId: string; invitations: TeamInvitation[] }) {
  const deleteInvitation = useWrite(deleteInvitationAction);
  const removal = useMemo<Removal<TeamInvitation>>(
    () => ({
      buttonLabel: (i) => `Excluir convite de ${i.email}`,
      title: "Excluir convite?",
      description: (i) => `O link enviado para ${i.email} deixará de funcionar.`,
      confirmLabel: "Excluir",
      run: (i) => deleteInvitation({ businessId, invitationId: i.id }),
      success: (i) => ({ title: "Convite excluído", description: `O convite para ${i.email} foi excluído.` }),
    }),
    [businessId, deleteInvitation],
  );
  return <TeamTable title="Convites Pendentes" columns={COLUMNS} data={invitations} rowId={(i) => i.id} empty="Nenhum convite pendente." removal={removal} />;
}
