"use client";

import { Building2, Calendar, Mail, UserRound } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CardActions } from "@/components/data/card-actions";
import { CardList } from "@/components/data/card-list";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ActionConfirmDialog, failureToast } from "@/components/form";
import { deleteUserAction } from "@/lib/admin/actions";
import type { AdminUser } from "@/lib/admin/queries";
import { GLOBAL_ROLE_LABELS, MESSAGES } from "@/lib/admin/messages";
import { formatDate } from "@/lib/core/format/date";
import { SearchBox } from "@/components/data/search-box";
import { preloadable } from "@/components/ui/preloadable";

// Forms are not in the first load: the edit dialog loads once the page is idle, the admin e-mails with their tab.
const UserEditDialog = preloadable(() => import("./user-edit-dialog").then((m) => m.UserEditDialog), { whenIdle: true });
const AdminEmails = dynamic(() => import("./admin-emails").then((m) => m.AdminEmails));

function UserCard({ user, canDelete, onEdit, onDelete }: { user: AdminUser; canDelete: boolean; onEdit: () => void; onDelete: () => void }) {
  const name = user.fullName ?? user.email;
  return (
    <Card data-testid="user-card" className="flex flex-col">
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="min-w-0 break-words">{name}</CardTitle>
          <Badge variant={user.isSaasAdmin ? "default" : "secondary"} className="shrink-0">
            {GLOBAL_ROLE_LABELS[user.role]}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 text-sm">
        <ul className="space-y-1.5 text-muted-foreground">
          <li className="flex items-center gap-2"><Mail aria-hidden className="size-4 shrink-0" /><span className="truncate">{user.email}</span></li>
          <li className="flex items-center gap-2">
            <Building2 aria-hidden className="size-4 shrink-0" />
            <span className="truncate">{user.company ?? "Sem empresa"}</span>
          </li>
          <li className="flex items-center gap-2">
            <Calendar aria-hidden className="size-4 shrink-0" />
            <span>Criado em {formatDate(user.createdAt)}</span>
          </li>
        </ul>
        <CardActions name={user.email} onEdit={onEdit} onDelete={canDelete ? onDelete : undefined} />
      </CardContent>
    </Card>
  );
}

type Props = {
  users: AdminUser[];
  usersError: boolean;
  emails: string[];
  emailsError: boolean;
  currentUserId: string;
  /** The pagination of the users tab. */
  children?: React.ReactNode;
};

/** The users screen: 'Usuários do Sistema' (search, cards, edit, delete) and 'Emails de Admin'. */
export function UsersView({ users, usersError, emails, emailsError, currentUserId, children }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const tab = params.get("tab") === "admins" ? "admins" : "users";
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const editLoaded = useOpenedOnce(!!editing);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  useEffect(() => {
    if (usersError) failureToast({ error: MESSAGES.loadUsersError });
  }, [usersError]);
  useEffect(() => {
    if (emailsError) failureToast({ error: MESSAGES.loadAdminEmailsError });
  }, [emailsError]);

  function changeTab(value: string) {
    const search = new URLSearchParams(params.toString());
    if (value === "admins") search.set("tab", "admins");
    else search.delete("tab");
    const qs = search.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }

  return (
    <Tabs value={tab} onValueChange={changeTab}>
      <TabsList>
        <TabsTrigger value="users">Usuários do Sistema</TabsTrigger>
        <TabsTrigger value="admins">Emails de Admin</TabsTrigger>
      </TabsList>
      <TabsContent value="users">
        <div className="mb-6">
          <SearchBox label="Buscar usuários" placeholder="Nome, e-mail ou empresa..." />
        </div>
        <CardList
          label="Usuários"
          items={users}
          keyOf={(u) => u.id}
          failed={usersError && { icon: UserRound, title: MESSAGES.loadUsersError }}
          empty={{ icon: UserRound, title: "Nenhum usuário encontrado." }}
        >
          {(u) => (
            <UserCard
              user={u}
              canDelete={!u.isSaasAdmin && u.id !== currentUserId}
              onEdit={() => setEditing(u)}
              onDelete={() => setDeleting(u)}
            />
          )}
        </CardList>
        {children}
      </TabsContent>
      <TabsContent value="admins">
        <AdminEmails emails={emails} loadError={emailsError} />
      </TabsContent>
      {editLoaded && <UserEditDialog user={editing} onClose={() => setEditing(null)} />}
      <ActionConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir usuário"
        description={
          deleting
            ? `Tem certeza que deseja excluir este usuário? ${deleting.fullName ?? deleting.email} perde o acesso e os vínculos com os negócios. Esta ação não pode ser desfeita.`
            : undefined
        }
        confirmLabel="Excluir"
        destructive
        closeOnRefusal
        run={() => deleteUserAction({ id: deleting!.id })}
        success={{ title: MESSAGES.deleteUserSuccess }}
        error={MESSAGES.deleteUserError}
      />
    </Tabs>
  );
}
