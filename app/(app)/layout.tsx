import { cookies } from "next/headers";
import { ConfirmEmailNotice } from "@/components/auth/confirm-email-notice";
import { PendingInvitationsInShell } from "@/components/invitations/pending-invitations-in-shell";
import { NotificationBellInShell } from "@/components/notifications/bell-in-shell";
import { agendaScope } from "@/lib/appointments/visibility";
import { AppShell } from "@/components/shell/app-shell";
import { SIDEBAR_COOKIE_NAME } from "@/components/shell/sidebar-cookie";
import { guardLayout } from "@/lib/auth/guards";
import { isOwnerLevel } from "@/lib/auth/roles";

/** The authenticated shell around every management, report and business-administration page. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  // The weakest rule of the pages here is the staff one (a business of one's own, not an admin);
  // each page guards its own stricter rule, and sends a visitor to /auth with its own path.
  const ctx = await guardLayout("/appointments");
  if (!ctx) return children;
  const sidebarOpen = (await cookies()).get(SIDEBAR_COOKIE_NAME)?.value === "true";
  const ownerAnywhere = ctx.businesses.some((b) => isOwnerLevel(b.role));
  return (
    <AppShell
      defaultOpen={sidebarOpen}
      businessRole={ctx.businessRole}
      grants={ctx.current?.grants ?? []}
      canCreateBusiness={!ctx.flags.isAdmin && (ctx.flags.isBusinessOwner || ownerAnywhere)}
      user={{ email: ctx.user.email, fullName: ctx.user.fullName, avatarUrl: ctx.user.avatarUrl }}
      businesses={ctx.businesses.map((b) => ({ id: b.id, name: b.name, description: b.description }))}
      currentBusinessId={ctx.current?.id ?? null}
      notice={
        // Invitations are listed to a confirmed address only (pendingInvitationsFor checks it too).
        ctx.user.emailConfirmed ? (
          <PendingInvitationsInShell userId={ctx.user.id} className="mb-4" />
        ) : (
          <ConfirmEmailNotice email={ctx.user.email} className="mb-4" />
        )
      }
      bell={ctx.current ? <NotificationBellInShell businessId={ctx.current.id} userId={ctx.user.id} scope={agendaScope(ctx.current)} cursor={ctx.cursor} /> : null}
      cursor={ctx.cursor}
    >
      {children}
    </AppShell>
  );
}
