"use client";

import { UserPlus } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/data/load-error";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { preloadable } from "@/components/ui/preloadable";
import type { TeamInvitation, TeamMember } from "@/lib/team/queries";
import { InvitationsTable } from "./invitations-table";
import { MembersTable } from "./members-table";

// The invite form (react-hook-form, zod, the dialog) is not in the first load: it loads once the page is idle.
const InviteDialog = preloadable(() => import("./invite-dialog").then((m) => m.InviteDialog), { whenIdle: true });

const LOAD_ERROR = "Não foi possível carregar os dados da equipe.";

/** Gerenciar Equipe: members, pending invitations and the invite dialog. */
export function TeamManager({
  businessId,
  businessName,
  currentUserId,
  data,
}: {
  businessId: string;
  businessName: string;
  currentUserId: string;
  data: { members: TeamMember[]; invitations: TeamInvitation[]; professionals: { id: string; name: string }[] } | null;
}) {
  const [inviting, setInviting] = useState(false);
  const inviteLoaded = useOpenedOnce(inviting);

  return (
    <>
      <PageHeader
        title="Gerenciar Equipe"
        description={businessName ? `Membros e convites de ${businessName}` : undefined}
        actions={
          <Button onClick={() => setInviting(true)} disabled={!data}>
            <UserPlus aria-hidden />
            Convidar Membro
          </Button>
        }
      />
      {data ? (
        <div className="grid grid-cols-1 gap-6">
          <MembersTable businessId={businessId} members={data.members} professionals={data.professionals} currentUserId={currentUserId} />
          <InvitationsTable businessId={businessId} invitations={data.invitations} />
        </div>
      ) : (
        <LoadError title="Erro" description={LOAD_ERROR} />
      )}
      {inviteLoaded && <InviteDialog businessId={businessId} open={inviting} onOpenChange={setInviting} />}
    </>
  );
}
