"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ShieldCheck } from "lucide-react";
import { useMemo, useState } from "react";
import { useWrite } from "@/components/live/use-write";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { GRANTS } from "@/lib/auth/permissions";
import { EmailText } from "@/components/ui/email-text";
import { BUSINESS_ROLE_LABELS, isOwnerLevel } from "@/lib/auth/roles";
import { formatDate } from "@/lib/core/format/date";
import { displayName } from "@/lib/core/format/phone";
import { removeMemberAction } from "@/lib/team/actions";
import type { TeamMember } from "@/lib/team/queries";
import { TeamTable, type Removal } from "./team-table";

// The switches (react-hook-form, zod, the dialog) load once the page is idle, not with it.
const MemberGrantsDialog = preloadable(() => import("./member-grants-dialog").then((m) => m.MemberGrantsDialog), { whenIdle: true });

/** How many of the grants a member holds, in a word ('Todas' for an owner or administrator). */
function grantsSummary(m: TeamMember): string {
  if (isOwnerLevel(m.role) || m.grants.length === GRANTS.length) return "Todas";
  return m.grants.length ? `${m.grants.length} de ${GRANTS.length}` : "Nenhuma";
}

function columns(edit: (m: TeamMember) => void): ColumnDef<TeamMember, unknown>[] {
  return [
    {
      id: "name",
      header: "Nome",
      cell: ({ row }) => (
        <div className="flex min-w-0 flex-col">
          <span className="font-medium wrap-anywhere">{displayName(row.original)}</span>
          <EmailText email={row.original.email} className="text-xs text-muted-foreground sm:hidden" />
          <span className="text-xs text-muted-foreground sm:hidden">{BUSINESS_ROLE_LABELS[row.original.role]}</span>
        </div>
      ),
    },
    { accessorKey: "email", header: "Email", meta: { className: "hidden sm:table-cell" }, cell: ({ row }) => <EmailText email={row.original.email} /> },
    {
      id: "role",
      header: "Função",
      // On a phone, under the name: the permissions' button and the removal keep their room.
      meta: { className: "hidden sm:table-cell" },
      cell: ({ row }) => <Badge variant={row.original.role === "owner" ? "default" : "secondary"}>{BUSINESS_ROLE_LABELS[row.original.role]}</Badge>,
    },
    {
      id: "grants",
      header: "Permissões",
      // An employee's open the dialog; an owner's and an administrator's are all, always.
      cell: ({ row }) =>
        isOwnerLevel(row.original.role) ? (
          <span className="text-sm text-muted-foreground">{grantsSummary(row.original)}</span>
        ) : (
          <Button variant="outline" size="sm" aria-label={`Permissões de ${displayName(row.original)}: ${grantsSummary(row.original)}`} onClick={() => edit(row.original)}>
            <ShieldCheck aria-hidden />
            {grantsSummary(row.original)}
          </Button>
        ),
    },
    { id: "joined", header: "Entrou em", meta: { className: "hidden md:table-cell" }, cell: ({ row }) => formatDate(row.original.joinedAt) },
  ];
}

/** 'Membros da Equipe': everyone in the business; the owner sets an employee's 'Permissões' and removes employees (never the owner, never themself). */
export function MembersTable({ businessId, members, professionals, currentUserId }: {
  businessId: string; members: TeamMember[]; professionals: { id: string; name: string }[]; currentUserId: string;
}) {
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
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [open, setOpen] = useState(false);
  const dialogLoaded = useOpenedOnce(open);
  const cols = useMemo(
    () =>
      columns((m) => {
        setEditing(m);
        setOpen(true);
      }),
    [],
  );
  return (
    <>
      <TeamTable title="Membros da Equipe" columns={cols} data={members} rowId={(m) => m.userId} empty="Nenhum membro encontrado." removal={removal} />
      {dialogLoaded && <MemberGrantsDialog businessId={businessId} member={editing} professionals={professionals} open={open} onOpenChange={setOpen} />}
    </>
  );
}
