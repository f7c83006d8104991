import type { Metadata } from "next";
import { TeamManager } from "@/components/team/team-manager";
import { requireBusinessPage } from "@/lib/auth/guards";
import { listMembers, listPendingInvitations, professionalChoices, type TeamInvitation, type TeamMember } from "@/lib/team/queries";

export const metadata: Metadata = { title: "Gerenciar Equipe" };

export default async function TeamManagementPage() {
  const { ctx, business } = await requireBusinessPage("/team-management");
  let data: { members: TeamMember[]; invitations: TeamInvitation[]; professionals: { id: string; name: string }[] } | null = null;
  try {
    const [members, invitations, professionals] = await Promise.all([listMembers(business.id), listPendingInvitations(business.id), professionalChoices(business.id)]);
    data = { members, invitations, professionals };
  } catch (e) {
    console.error("Não foi possível carregar os dados da equipe.", e);
  }
  return <TeamManager businessId={business.id} businessName={business.name} currentUserId={ctx.user.id} data={data} />;
}
