"use client";

import { Clock, Pencil, Plus, Scissors, Trash2, Users, Wallet } from "lucide-react";
import { useState } from "react";
import { useWrite } from "@/components/live/use-write";
import { ActionConfirmDialog } from "@/components/form";
import { CardGrid } from "@/components/data/card-grid";
import { EmptyState } from "@/components/data/empty-state";
import { LoadError } from "@/components/data/load-error";
import { Pagination } from "@/components/data/pagination";
import { SearchBox } from "@/components/data/search-box";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { preloadable } from "@/components/ui/preloadable";
import type { Paged } from "@/lib/core/data/list";
import { formatDuration } from "@/lib/core/format/duration";
import { deleteServiceAction, setServiceActiveAction } from "@/lib/services/actions";
import type { ServiceRow } from "@/lib/services/queries";
import { SERVICE_IN_USE, SERVICE_MESSAGES } from "@/lib/services/messages";
import { priceRangeText } from "./service-price-range";

// The form dialog (react-hook-form, zod) is not in the first load: it loads once the page is idle.
const ServiceFormDialog = preloadable(() => import("./service-form-dialog").then((m) => m.ServiceFormDialog), { whenIdle: true });

type Props = { businessId: string; result: Paged<ServiceRow> | null; q: string };

/** The delete confirmation; once the server says appointments use the service, the offer to deactivate it. */
type Deleting = { service: ServiceRow; inUse: string | null };

/** Serviços: search on the server, the card grid, 'Novo Serviço', edit, delete (or deactivate, when used). */
export function ServicesView({ businessId, result, q }: Props) {
  const remove = useWrite(deleteServiceAction);
  const setActive = useWrite(setServiceActiveAction);
  const [editing, setEditing] = useState<ServiceRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const formLoaded = useOpenedOnce(editing !== null);

  return (
    <>
      <PageHeader
        title="Serviços"
        description="Os serviços do seu negócio, com duração e os preços de cada profissional."
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            Novo Serviço
          </Button>
        }
      />
      <div className="mb-6">
        <SearchBox label="Buscar serviços" placeholder="Buscar serviços por nome" />
      </div>
      {!result ? (
        <LoadError title={SERVICE_MESSAGES.loadError} />
      ) : result.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={Scissors}
            title="Nenhum serviço encontrado."
            description={q ? "Tente buscar por outro nome." : "Cadastre o primeiro serviço do seu negócio."}
          />
        </Card>
      ) : (
        <>
          <CardGrid aria-label="Serviços">
            {result.items.map((s) => (
              <li key={s.id}>
                <ServiceCard service={s} onEdit={() => setEditing(s)} onDelete={() => setDeleting({ service: s, inUse: null })} />
              </li>
            ))}
          </CardGrid>
          <Pagination
            basePath="/services"
            params={{ q }}
            page={result.page}
            pageCount={result.pageCount}
            total={result.total}
            noun={["serviço", "serviços"]}
          />
        </>
      )}
      {formLoaded && (
        <ServiceFormDialog
          businessId={businessId}
          service={editing === "new" ? null : editing}
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      <ActionConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        {...(deleting?.inUse
          ? {
              // The same dialog, turned into the offer: focus stays on its button, so the text is announced.
              title: SERVICE_MESSAGES.inUseTitle,
              description: (
                <span role="alert" className="block">
                  {deleting.inUse}
                  <span className="mt-2 block">{SERVICE_MESSAGES.deactivateOffer}</span>
                </span>
              ),
              confirmLabel: SERVICE_MESSAGES.deactivate,
              run: () => setActive({ businessId, id: deleting.service.id, active: false }),
              success: { title: SERVICE_MESSAGES.deactivated, description: SERVICE_MESSAGES.deactivatedDescription },
              error: SERVICE_MESSAGES.saveError,
            }
          : {
              title: "Excluir serviço",
              description: (
                <>
                  Tem certeza que deseja excluir este serviço?
                  {deleting && <span className="mt-2 block font-medium text-foreground">{deleting.service.name}</span>}
                </>
              ),
              confirmLabel: "Excluir",
              destructive: true,
              run: () => remove({ businessId, id: deleting!.service.id }),
              onRefusal: (f) => {
                if (f.code !== SERVICE_IN_USE || !deleting) return false;
                setDeleting({ service: deleting.service, inUse: f.description ?? SERVICE_MESSAGES.inUse });
                return true;
              },
              success: { title: SERVICE_MESSAGES.deleted },
              error: SERVICE_MESSAGES.deleteError,
            })}
      />
    </>
  );
}

function ServiceCard({ service, onEdit, onDelete }: { service: ServiceRow; onEdit: () => void; onDelete: () => void }) {
  const prices = priceRangeText(service.minPrice, service.maxPrice);
  const n = service.professionalCount;
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="service-card">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <h2 className="min-w-0 break-words text-base font-semibold leading-tight">{service.name}</h2>
          {service.active ? <Badge variant="success">Ativo</Badge> : <Badge variant="secondary">Inativo</Badge>}
        </div>
        <div className="-mr-2 -mt-1 flex shrink-0">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Editar ${service.name}`}>
            <Pencil aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Excluir ${service.name}`} className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <p className={service.description ? "line-clamp-3 text-sm text-muted-foreground" : "text-sm italic text-muted-foreground/80"}>
        {service.description ?? "Sem descrição"}
      </p>
      <dl className="mt-auto grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Duração</dt>
          <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <dd>
            {service.durationMinutes ? (
              formatDuration(service.durationMinutes)
            ) : (
              <span className="text-muted-foreground" title="Sem duração, a agenda conta 1h">
                Duração não definida
              </span>
            )}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Preço</dt>
          <Wallet aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <dd className={prices ? "font-medium" : "text-muted-foreground"}>{prices ?? "Sem preço definido"}</dd>
        </div>
        <div className="flex items-center gap-2 text-muted-foreground">
          <dt className="sr-only">Profissionais</dt>
          <Users aria-hidden className="size-4 shrink-0" />
          <dd>{n === 0 ? "Nenhum profissional" : `${n} ${n === 1 ? "profissional" : "profissionais"}`}</dd>
        </div>
      </dl>
    </Card>
  );
}
