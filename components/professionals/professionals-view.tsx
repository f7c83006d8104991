"use client";

import { CalendarClock, CalendarOff, CalendarSync, Contact, Mail, Pencil, Phone, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useWrite } from "@/components/live/use-write";
import { ActionConfirmDialog } from "@/components/form";
import { CardGrid } from "@/components/data/card-grid";
import { EmptyState } from "@/components/data/empty-state";
import { LoadError } from "@/components/data/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { preloadable } from "@/components/ui/preloadable";
import { formatBRL } from "@/lib/core/format/money";
import { formatPhone } from "@/lib/core/format/phone";
import { deleteProfessionalAction } from "@/lib/professionals/actions";
import type { ProfessionalRow, ServiceChoice } from "@/lib/professionals/queries";
import { PROFESSIONAL_MESSAGES as MSG } from "@/lib/professionals/messages";
import { ProfessionalAvatar } from "./professional-avatar";

// The dialogs and their forms (react-hook-form, zod) are not in the first load: they load once the page is idle.
const ProfessionalFormDialog = preloadable(() => import("./professional-form-dialog").then((m) => m.ProfessionalFormDialog), { whenIdle: true });
const RestrictionsDialog = preloadable(() => import("./restrictions-dialog").then((m) => m.RestrictionsDialog), { whenIdle: true });
const TimeOffDialog = preloadable(() => import("./time-off-dialog").then((m) => m.TimeOffDialog));
const CalendarFeedDialog = preloadable(() => import("./calendar-feed-dialog").then((m) => m.CalendarFeedDialog));

type Props = {
  businessId: string; today: string; professionals: ProfessionalRow[] | null; services: ServiceChoice[] | null;
  /** Whether the caller may make, replace and revoke the links (lib/calendar-feeds/access.ts): without it, no 'Agenda (iCal)'. */
  calendarFeeds: boolean;
  /** The member holds 'Editar serviços e preços': 'Novo Profissional', 'Editar' and delete (the server would refuse them otherwise). */
  catalog: boolean;
};

/** Profissionais: the card grid, 'Novo Profissional', edit (services, prices, photo), Restrições, Folgas, 'Link da agenda (iCal)' and delete. */
export function ProfessionalsView({ businessId, today, professionals, services, calendarFeeds, catalog }: Props) {
  const remove = useWrite(deleteProfessionalAction);
  const [editing, setEditing] = useState<ProfessionalRow | "new" | null>(null);
  const [restricting, setRestricting] = useState<ProfessionalRow | null>(null);
  const [deleting, setDeleting] = useState<ProfessionalRow | null>(null);
  const formLoaded = useOpenedOnce(editing !== null);
  const restrictionsLoaded = useOpenedOnce(restricting !== null);
  const [away, setAway] = useState<ProfessionalRow | null>(null);
  const timeOffLoaded = useOpenedOnce(away !== null);
  const [feedOf, setFeedOf] = useState<ProfessionalRow | null>(null);
  const feedLoaded = useOpenedOnce(feedOf !== null);
  const upcoming = deleting?.upcomingAppointments ?? 0;

  return (
    <>
      <PageHeader
        title="Profissionais"
        description="Quem atende no seu negócio: serviços, preços, foto e horários de cada um."
        actions={
          catalog && (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden />
              Novo Profissional
            </Button>
          )
        }
      />
      {!professionals ? (
        <LoadError title={MSG.loadError} />
      ) : professionals.length === 0 ? (
        <Card>
          <EmptyState icon={Contact} title="Nenhum profissional cadastrado" description="Cadastre quem atende no seu negócio para começar a agendar." />
        </Card>
      ) : (
        <CardGrid aria-label="Profissionais">
          {professionals.map((p) => (
            <li key={p.id}>
              <ProfessionalCard
                professional={p}
                onEdit={catalog ? () => setEditing(p) : null}
                onRestrictions={() => setRestricting(p)}
                onTimeOff={() => setAway(p)}
                onCalendarFeed={calendarFeeds ? () => setFeedOf(p) : null}
                onDelete={catalog ? () => setDeleting(p) : null}
              />
            </li>
          ))}
        </CardGrid>
      )}
      {formLoaded && (
        <ProfessionalFormDialog
          businessId={businessId}
          professional={editing === "new" ? null : editing}
          services={services}
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {restrictionsLoaded && <RestrictionsDialog businessId={businessId} professional={restricting} onClose={() => setRestricting(null)} />}
      {timeOffLoaded && <TimeOffDialog businessId={businessId} today={today} professional={away} onClose={() => setAway(null)} />}
      {feedLoaded && <CalendarFeedDialog businessId={businessId} professional={feedOf} onClose={() => setFeedOf(null)} />}
      <ActionConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir profissional"
        description={
          <>
            Tem certeza que deseja excluir o profissional &quot;{deleting?.name}&quot;? Esta ação não pode ser desfeita.
            {upcoming > 0 && (
              <span className="mt-3 block rounded-md border border-destructive/40 bg-destructive/5 p-3 text-destructive">
                {upcoming === 1 ? "1 agendamento de hoje em diante ficará" : `${upcoming} agendamentos de hoje em diante ficarão`} sem profissional.
              </span>
            )}
          </>
        }
        confirmLabel="Excluir"
        destructive
        run={() => remove({ businessId, id: deleting!.id })}
        success={{ title: MSG.deleted }}
        error={MSG.deleteError}
      />
    </>
  );
}

type CardProps = {
  professional: ProfessionalRow; onEdit: (() => void) | null; onRestrictions: () => void; onTimeOff: () => void; onCalendarFeed: (() => void) | null; onDelete: (() => void) | null;
};

function ProfessionalCard({ professional: p, onEdit, onRestrictions, onTimeOff, onCalendarFeed, onDelete }: CardProps) {
  return (
    <Card className="flex h-full flex-col gap-4 p-4" data-testid="professional-card">
      <div className="flex items-start gap-3">
        <ProfessionalAvatar name={p.name} src={p.avatarUrl} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="min-w-0 break-words text-base font-semibold leading-tight">{p.name}</h2>
            {p.active ? <Badge variant="success">Ativo</Badge> : <Badge variant="secondary">Inativo</Badge>}
          </div>
          {p.email && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Mail aria-hidden className="size-3.5 shrink-0" />
              <span className="min-w-0 truncate">{p.email}</span>
            </p>
          )}
          {p.phone && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Phone aria-hidden className="size-3.5 shrink-0" />
              <span>{formatPhone(p.phone)}</span>
            </p>
          )}
        </div>
      </div>
      {p.bio && <p className="line-clamp-2 text-sm text-muted-foreground">{p.bio}</p>}
      <div className="space-y-1.5">
        <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Serviços</h3>
        {p.offers.length === 0 ? (
          <p className="text-sm italic text-muted-foreground/80">Nenhum serviço</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label={`Serviços de ${p.name}`}>
            {p.offers.map((o) => (
              <li key={o.serviceId} className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate">{o.name}</span>
                <span className={o.price === null ? "shrink-0 text-muted-foreground" : "shrink-0 font-medium tabular-nums"}>
                  {o.price === null ? "sem preço" : formatBRL(o.price)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t pt-3">
        <Button variant="outline" size="sm" onClick={onRestrictions} aria-label={`Restrições de ${p.name}`}>
          <CalendarClock aria-hidden />
          Restrições
        </Button>
        <Button variant="outline" size="sm" onClick={onTimeOff} aria-label={`Folgas e férias de ${p.name}`}>
          <CalendarOff aria-hidden />
          Folgas
        </Button>
        {onCalendarFeed && (
          <Button variant="outline" size="sm" onClick={onCalendarFeed} aria-label={`Link da agenda (iCal) de ${p.name}`}>
            <CalendarSync aria-hidden />
            Agenda (iCal)
          </Button>
        )}
        {onEdit && (
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Editar ${p.name}`}>
            <Pencil aria-hidden />
            Editar
          </Button>
        )}
        {onDelete && (
          <Button
            variant="ghost"
            size="icon"
            onClick={onDelete}
            aria-label={`Excluir ${p.name}`}
            className="ml-auto text-destructive hover:text-destructive"
          >
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
    </Card>
  );
}
