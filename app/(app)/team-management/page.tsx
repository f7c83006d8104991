import type { Metadata } from "next";
import { TeamManager } from "@/components/team/team-manager";
import { requirePage } from "@/lib/auth/guards";
import { listMembers, listPendingInvitations, type TeamInvitation, type TeamMember } from "@/lib/team/queries";

export const metadata: Metadata = { title: "Gerenciar Equipe" };

export default async function TeamManagementPage() {
  const ctx = await requirePage("/team-management");
  let data: { members: TeamMember[]; invitations: TeamInvitation[] } | null = null;
  if (ctx.current) {
    try {
      const [members, invitations] = await Promise.all([listMembers(ctx.current.id), listPendingInvitations(ctx.current.id)]);
      data = { members, invitations };
    } catch (e) {
      console.error("Não foi possível carregar os dados da equipe.", e);
    }
  }
  return <TeamManager businessName={ctx.current?.name ?? ""} currentUserId={ctx.user.id} data={data} />;
}
