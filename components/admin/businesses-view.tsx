"use client";

import { Building2, Mail, MapPin, Phone, Plus } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CardActions } from "@/components/data/card-actions";
import { CardList } from "@/components/data/card-list";
import { PageHeader } from "@/components/ui/page-header";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { ActionConfirmDialog } from "@/components/form";
import { businessDeletionSummaryAction, deleteBusinessAction } from "@/lib/admin/actions";
import type { DeletionSummary } from "@/lib/admin/mutations";
import type { AdminBusiness } from "@/lib/admin/queries";
import { MESSAGES, SUBSCRIPTION_STATUS_LABELS } from "@/lib/admin/messages";
import { BUSINESS_ROLE_LABELS } from "@/lib/auth/roles";
import { formatBRL } from "@/lib/core/format/money";
import { SearchBox } from "@/components/data/search-box";
import { preloadable } from "@/components/ui/preloadable";

// The form (react-hook-form, zod, the owner picker) is not in the first load: it loads once the page is idle.
const BusinessFormDialog = preloadable(() => import("./business-form-dialog").then((m) => m.BusinessFormDialog), { whenIdle: true });

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

function deletionText(name: string, s: DeletionSummary | null) {
  const parts = s
    ? [
        plural(s.appointments, "agendamento", "agendamentos"),
        plural(s.clients, "cliente", "clientes"),
        plural(s.services, "serviço", "serviços"),
        plural(s.professionals, "profissional", "profissionais"),
        plural(s.members, "vínculo da equipe", "vínculos da equipe"),
        plural(s.invitations, "convite", "convites"),
      ]
    : ["agendamentos", "clientes", "serviços", "profissionais", "vínculos da equipe", "convites"];
  const what = `${parts.slice(0, -1).join(", ")} e ${parts.at(-1)}`;
  return `O negócio "${name}" será excluído junto com tudo o que pertence a ele: ${what}, além de horários de funcionamento, feriados, conversas e logs de auditoria. Os usuários não são excluídos. Esta ação não pode ser desfeita.`;
}

function BusinessCard({ business, onEdit, onDelete }: { business: AdminBusiness; onEdit: () => void; onDelete: () => void }) {
  const active = business.subscriptionStatus === "active";
  return (
    <Card data-testid="business-card" className="flex flex-col">
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="min-w-0 break-words">{business.name}</CardTitle>
          <Badge variant={active ? "success" : "secondary"} className="shrink-0">
            {SUBSCRIPTION_STATUS_LABELS[business.subscriptionStatus] ?? business.subscriptionStatus}
          </Badge>
        </div>
        {business.description && <CardDescription className="line-clamp-2">{business.description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 text-sm">
        <ul className="space-y-1.5 text-muted-foreground">
          {business.phone && (
            <li className="flex items-center gap-2"><Phone aria-hidden className="size-4 shrink-0" /><span>{business.phone}</span></li>
          )}
          {business.email && (
            <li className="flex items-center gap-2"><Mail aria-hidden className="size-4 shrink-0" /><span className="truncate">{business.email}</span></li>
          )}
          {business.address && (
            <li className="flex items-start gap-2"><MapPin aria-hidden className="mt-0.5 size-4 shrink-0" /><span className="line-clamp-2">{business.address}</span></li>
          )}
        </ul>
        <p>
          <span className="text-muted-foreground">Mensalidade: </span>
          <span className="font-medium tabular-nums">{formatBRL(business.monthlyFee)}</span>
          <span className="text-muted-foreground"> · {business.subscriptionPlan}</span>
        </p>
        <div>
          <p className="mb-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">Usuários</p>
          {business.members.length === 0 ? (
            <p className="text-muted-foreground">Nenhum usuário vinculado.</p>
          ) : (
            <ul className="space-y-1.5">
              {business.members.map((m) => (
                <li key={m.userId} className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 truncate" title={m.email}>{m.fullName ?? m.email}</span>
                  <Badge variant={m.role === "owner" ? "default" : "outline"}>{BUSINESS_ROLE_LABELS[m.role]}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <CardActions name={business.name} onEdit={onEdit} onDelete={onDelete} />
      </CardContent>
    </Card>
  );
}

/** The businesses screen: server-side search, cards, create/edit dialog and delete confirmation. */
export function BusinessesView({ items, children }: { items: AdminBusiness[]; children?: React.ReactNode }) {
  const [formOpen, setFormOpen] = useState(false);
  const formLoaded = useOpenedOnce(formOpen);
  const [editing, setEditing] = useState<AdminBusiness | null>(null);
  const [deleting, setDeleting] = useState<AdminBusiness | null>(null);
  const [summary, setSummary] = useState<DeletionSummary | null>(null);

  async function askDelete(b: AdminBusiness) {
    setSummary(null);
    setDeleting(b);
    const result = await businessDeletionSummaryAction({ id: b.id }).catch(() => null);
    if (result?.ok) setSummary(result.summary);
  }

  return (
    <>
      <PageHeader
        title="Negócios"
        description="Todos os negócios da plataforma."
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <Plus aria-hidden /> Novo Negócio
          </Button>
        }
      />
      <div className="mb-6">
        <SearchBox label="Buscar negócios" placeholder="Nome, contato ou e-mail..." />
      </div>
      <CardList label="Negócios" items={items} keyOf={(b) => b.id} empty={{ icon: Building2, title: "Nenhum negócio encontrado." }}>
        {(b) => (
          <BusinessCard
            business={b}
            onEdit={() => {
              setEditing(b);
              setFormOpen(true);
            }}
            onDelete={() => void askDelete(b)}
          />
        )}
      </CardList>
      {children}
      {formLoaded && <BusinessFormDialog open={formOpen} onOpenChange={setFormOpen} business={editing} />}
      <ActionConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir negócio?"
        description={deleting ? deletionText(deleting.name, summary) : undefined}
        confirmLabel="Excluir"
        destructive
        closeOnRefusal
        run={() => deleteBusinessAction({ id: deleting!.id })}
        success={{ title: "Sucesso", description: MESSAGES.deleteBusinessSuccess }}
        error={MESSAGES.deleteBusinessError}
      />
    </>
  );
}
