import { Pagination } from "@/components/data/pagination";
import { UsersView } from "@/components/admin/users-view";
import { PageHeader } from "@/components/ui/page-header";
import { listAdminEmails, searchUsers, type AdminUser } from "@/lib/admin/queries";
import type { Paged } from "@/lib/core/data/list";
import { listParams } from "@/lib/core/data/list";
import { requirePage } from "@/lib/auth/guards";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminUsersPage({ searchParams }: Props) {
  const ctx = await requirePage("/admin/users");
  const { q, page } = listParams(await searchParams);
  const [users, emails] = await Promise.all([
    searchUsers(q, page).catch((e: unknown): Paged<AdminUser> | null => {
      console.error("[admin] Erro ao carregar usuários", e);
      return null;
    }),
    listAdminEmails().catch((e: unknown): string[] | null => {
      console.error("[admin] Erro ao carregar emails de admin", e);
      return null;
    }),
  ]);
  return (
    <>
      <PageHeader title="Usuários" description="Usuários da plataforma e e-mails com acesso de admin." />
      <UsersView
        users={users?.items ?? []}
        usersError={!users}
        emails={emails ?? []}
        emailsError={!emails}
        currentUserId={ctx.user.id}
      >
        {users && (
          <Pagination
            basePath="/admin/users"
            params={{ q }}
            page={users.page}
            pageCount={users.pageCount}
            total={users.total}
            noun={["usuário", "usuários"]}
          />
        )}
      </UsersView>
    </>
  );
}
