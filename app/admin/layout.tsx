import { AdminShell } from "@/components/admin/admin-shell";
import { guardLayout } from "@/lib/auth/guards";

export const dynamic = "force-dynamic";

/** The admin area: platform admins only, checked on the server against the database. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const ctx = await guardLayout("/admin");
  if (!ctx) return children;
  return <AdminShell email={ctx.user.email}>{children}</AdminShell>;
}
