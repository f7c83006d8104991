"use client";

import { Mail, Pencil, Phone, Trash2 } from "lucide";
import { Plus, Users } from "lucide-react";
import { IntentLink } from "@/components/shell/intent-link";
import { useState } from "react";
import { CardGrid } from "@/components/data/card-grid";
import { EmptyState } from "@/components/data/empty-state";
import { LoadError } from "@/components/data/load-error";
import { Pagination } from "@/components/data/pagination";
import { SearchBox } from "@/components/data/search-box";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { iconSprite } from "@/components/ui/icon-sprite";
import { PageHeader } from "@/components/ui/page-header";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { ClientRow } from "@/lib/clients/queries";
import { CLIENT_MESSAGES } from "@/lib/clients/messages";
import { newClientPreset, registerText, type NewClientPreset } from "@/lib/clients/preset";
import type { Paged } from "@/lib/core/data/list";
import { formatPhone } from "@/lib/core/format/phone";

// The dialogs and their forms (react-hook-form, zod) are not in the first load. The form, which
// 'Novo Cliente' and every card's edit open, loads once the page is idle; the delete confirmation
// when first asked for.
const ClientFormDialog = preloadable(() => import("./client-form-dialog").then((m) => m.ClientFormDialog), { whenIdle: true });
const DeleteClientDialog = preloadable(() => import("./delete-client-dialog").then((m) => m.DeleteClientDialog));

/** `canDelete`: the member holds 'Excluir clientes' (without it, no delete button: the server would refuse). */
type Props = { businessId: string; result: Paged<ClientRow> | null; q: string; canDelete: boolean };

// Each card's four icons, drawn once for the page.
const CARD_ICONS = iconSprite("client-card", { edit: Pencil, delete: Trash2, phone: Phone, email: Mail });

/** Clientes: search on the server, the card grid, 'Novo Cliente', edit and delete. */
export function ClientsView({ businessId, result, q, canDelete }: Props) {
  // "new": 'Novo Cliente'; a preset: 'Cadastrar "{texto}"' after a search that found nobody.
  const [editing, setEditing] = useState<ClientRow | "new" | { preset: NewClientPreset } | null>(null);
  const [deleting, setDeleting] = useState<ClientRow | null>(null);
  const formLoaded = useOpenedOnce(editing !== null);
  const deleteLoaded = useOpenedOnce(deleting !== null);

  return (
    <>
      <PageHeader
        title="Clientes"
        description="Cadastre e encontre os clientes do seu negócio."
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            Novo Cliente
          </Button>
        }
      />
      <div className="mb-6">
        <SearchBox label="Buscar clientes" placeholder="Buscar por nome, telefone ou e-mail" />
      </div>
      {!result ? (
        <LoadError title={CLIENT_MESSAGES.loadError} />
      ) : result.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={Users}
            title="Nenhum cliente encontrado."
            description={q ? "Tente buscar por outro nome, telefone ou e-mail." : "Cadastre o primeiro cliente do seu negócio."}
            action={
              q && (
                <Button variant="outline" onClick={() => setEditing({ preset: newClientPreset(q) })}>
                  <Plus aria-hidden />
                  {registerText(q)}
                </Button>
              )
            }
          />
        </Card>
      ) : (
        <>
          <CARD_ICONS.Sprite />
          <CardGrid aria-label="Clientes">
            {result.items.map((c) => (
              <li key={c.id}>
                <ClientCard client={c} onEdit={() => setEditing(c)} onDelete={canDelete ? () => setDeleting(c) : null} />
              </li>
            ))}
          </CardGrid>
          <Pagination
            basePath="/clients"
            params={{ q }}
            page={result.page}
            pageCount={result.pageCount}
            total={result.total}
            noun={["cliente", "clientes"]}
          />
        </>
      )}
      {formLoaded && (
        <ClientFormDialog
          businessId={businessId}
          client={editing === "new" || (editing && "preset" in editing) ? null : editing}
          preset={editing && editing !== "new" && "preset" in editing ? editing.preset : undefined}
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {deleteLoaded && <DeleteClientDialog businessId={businessId} client={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function ClientCard({ client, onEdit, onDelete }: { client: ClientRow; onEdit: () => void; onDelete: (() => void) | null }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="client-card">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-base font-semibold leading-tight">
          <IntentLink href={`/clients/${client.id}`} className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
            {client.name}
          </IntentLink>
        </h2>
        <div className="-mr-2 -mt-1 flex shrink-0">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Editar ${client.name}`}>
            <CARD_ICONS.Icon name="edit" />
          </Button>
          {onDelete && (
            <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Excluir ${client.name}`} className="text-destructive hover:text-destructive">
              <CARD_ICONS.Icon name="delete" />
            </Button>
          )}
        </div>
      </div>
      <dl className="grid gap-1.5 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Telefone</dt>
          <CARD_ICONS.Icon name="phone" className="size-4 shrink-0" />
          <dd className="min-w-0 truncate">{client.phone ? formatPhone(client.phone) : "Sem telefone"}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">E-mail</dt>
          <CARD_ICONS.Icon name="email" className="size-4 shrink-0" />
          <dd className="min-w-0 truncate">{client.email ?? "Sem e-mail"}</dd>
        </div>
      </dl>
      <p className="mt-auto text-xs text-muted-foreground">
        {client.appointmentCount === 0
          ? "Nenhum agendamento"
          : `${client.appointmentCount} ${client.appointmentCount === 1 ? "agendamento" : "agendamentos"}`}
      </p>
    </Card>
  );
}
