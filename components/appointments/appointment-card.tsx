"use client";

import { useDraggable } from "@dnd-kit/core";
import { CalendarClock, MessageCircle, Pencil, Trash2 } from "lucide-react";
import { IntentLink } from "@/components/shell/intent-link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LazyMenu } from "@/components/ui/lazy-menu";
import { preloadable } from "@/components/ui/preloadable";
import type { ListedAppointment } from "@/lib/appointments/queries";
import { statusMeta } from "@/lib/appointments/status";
import { cn } from "@/lib/cn";
import { formatDuration } from "@/lib/core/format/duration";
import { formatBRL } from "@/lib/core/format/money";
import { formatPhone, whatsappLink } from "@/lib/core/format/phone";
import { cardSummary, totalMinutes, totalValue } from "@/lib/appointments/rules/appointment-lines";
import { OUTSIDE_HOURS_TEXT, TIME_OFF_MARK } from "@/lib/appointments/rules/availability";
import type { BusinessDay } from "@/lib/appointments/rules/business-day";
import { hoursMark } from "@/lib/appointments/rules/hours-impact";
import { ComandaButton, ComandaMark } from "./comanda-button";
import { APPOINTMENT_ICONS } from "./icons";
import type { StatusMenuProps } from "./status-menu-content";

type Props = {
  businessId: string;
  appointment: ListedAppointment;
  /** The business that day (its hours, its holiday): the card's 'Encaixe' / 'Fora do horário' mark. */
  business: BusinessDay;
  /** The business zone's today: a past day's cards keep no hours mark. */
  today: string;
  expanded: boolean;
  onToggleDetails: () => void;
  onEdit: () => void;
  /** 'Reagendar': another date, time and professional in one dialog. */
  onReschedule: () => void;
  onDelete: () => void;
  optimistic: (patch: Partial<ListedAppointment>) => () => void;
};

/** One appointment on the agenda: time (inline edit), client, status menu, drag handle, details. */
export function AppointmentCard({ businessId, appointment: a, business, today, expanded, onToggleDetails, onEdit, onReschedule, onDelete, optimistic }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: a.id, data: { date: a.date } });
  const status = statusMeta(a.statusId);
  const mark = hoursMark(a, business, today);
  return (
    <Card
      ref={setNodeRef}
      data-testid="appointment-card"
      data-appointment-id={a.id}
      className={cn("agenda-card", isDragging && "opacity-40")}
    >
      <div className="agenda-card-head">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="agenda-card-grip"
          aria-label="Arrastar para mover para outro dia"
          title="Arrastar para mover para outro dia"
          {...attributes}
          {...listeners}
        >
          <span aria-hidden className="grip-dots" />
        </button>
        <div className="min-w-0 flex-1">
          <TimeEditor businessId={businessId} appointment={a} business={business} optimistic={optimistic} />
          <button
            type="button"
            onClick={onToggleDetails}
            aria-expanded={expanded}
            className="agenda-card-client"
          >
            <span>{a.client.name}</span>
            <APPOINTMENT_ICONS.Icon name="details" />
          </button>
          {/* Under the name, not beside the status: the status column stays narrow for the time editor. */}
          {mark === "encaixe" && (
            <Badge variant="warning" className="mt-1 gap-1 text-[11px]" title="Agendado fora do horário de funcionamento, de propósito" data-testid="hours-mark">
              <APPOINTMENT_ICONS.Icon name="encaixe" className="size-3" /> {OUTSIDE_HOURS_TEXT.badge}
            </Badge>
          )}
          {a.client.noShows > 0 && (
            <Badge variant="tone" className="ml-1 mt-1 border-status-faltou text-[11px] text-status-faltou" title="Agendamentos deste cliente marcados como Faltou" data-testid="no-shows-mark">
              {a.client.noShows} {a.client.noShows === 1 ? "falta" : "faltas"}
            </Badge>
          )}
          {a.onTimeOff && (
            <Badge variant="destructive-outline" className="ml-1 mt-1 gap-1 text-[11px]" title={TIME_OFF_MARK.title(a.onTimeOff)} data-testid="time-off-mark">
              <APPOINTMENT_ICONS.Icon name="outsideHours" className="size-3" /> {TIME_OFF_MARK.label}
            </Badge>
          )}
          <ComandaMark appointment={a} />
          {mark === "outside" && (
            <Badge variant="destructive-outline" className="mt-1 gap-1 text-[11px]" title="O horário de funcionamento deste dia não cobre este agendamento" data-testid="hours-mark">
              <APPOINTMENT_ICONS.Icon name="outsideHours" className="size-3" /> {OUTSIDE_HOURS_TEXT.mark}
            </Badge>
          )}
        </div>
        <div className="flex flex-col items-end gap-1">
          <StatusMenu businessId={businessId} appointment={a} optimistic={optimistic} />
          {a.seriesId && (
            <span role="img" aria-label="Agendamento recorrente" title="Agendamento recorrente" className="text-muted-foreground" data-testid="recurring-mark">
              <APPOINTMENT_ICONS.Icon name="recurring" className="size-4" />
            </span>
          )}
          {a.source === "online" && (
            <Badge variant="outline" className="gap-1 border-primary/50 text-[11px] text-primary" title="Agendado pelo cliente na página de agendamento online">
              <APPOINTMENT_ICONS.Icon name="online" className="size-3" /> Online
            </Badge>
          )}
        </div>
      </div>
      {/* Collapsed, who does what (the details list every line), under the client and the status alike, in line with the time. */}
      {!expanded && (
        <p className="-mt-1 truncate pb-2 pl-10 pr-3 text-sm text-muted-foreground max-md:pl-14" data-testid="card-summary">
          {cardSummary(a.lines)}
        </p>
      )}
      {expanded && <Details businessId={businessId} appointment={a} onEdit={onEdit} onReschedule={onReschedule} onDelete={onDelete} />}
      <div aria-hidden className={cn("mt-auto h-1.5 w-full", status.bar)} />
    </Card>
  );
}

function TimeEditor({ businessId, appointment: a, business, optimistic }: Pick<Props, "businessId" | "appointment" | "business" | "optimistic">) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <button
        type="button"
        onClick={() => setEditing(true)}
        onPointerEnter={() => void TimeEditForm.preload()}
        onFocus={() => void TimeEditForm.preload()}
        className="agenda-card-time"
        aria-label={`Horário ${a.time}. Alterar horário`}
      >
        {a.time}
      </button>
    );
  }
  return <TimeEditForm businessId={businessId} appointment={a} business={business} optimistic={optimistic} onDone={() => setEditing(false)} />;
}

// The time form's code loads once the agenda is idle (or on hover), not with every card.
const TimeEditForm = preloadable(() => import("./time-edit-form").then((m) => m.TimeEditForm), { whenIdle: true });

// The menu's code (Radix's, its positioning) loads once the agenda is idle: the first change of a
// status is then as quick as the next.
const statusMenu = preloadable(() => import("./status-menu-content").then((m) => m.default), { whenIdle: true });
const loadStatusMenu = statusMenu.preload;
const StatusMenuContent = statusMenu.Suspending;

/** The status badge; its menu loads on first use (see LazyMenu). The grid's panel shows it too. */
export function StatusMenu(props: StatusMenuProps) {
  const status = statusMeta(props.appointment.statusId);
  return (
    <LazyMenu
      menu={StatusMenuContent}
      preload={loadStatusMenu}
      trigger={{
        "aria-label": `Status: ${status.label}. Alterar status`,
        className: "inline-flex items-center justify-end rounded-full max-md:min-h-11 max-md:min-w-11 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        children: <Badge variant={status.badge}>{status.label}</Badge>,
      }}
      props={props}
    />
  );
}

/**
 * The card's details: phone, services, time and value, and 'Cliente', 'Editar', 'Reagendar',
 * 'Excluir'. The grid's panel shows them too, with its own buttons after these (`actions`).
 */
export function Details({ businessId, appointment: a, onEdit, onReschedule, onDelete, actions, className }: {
  businessId: string; appointment: ListedAppointment; onEdit: () => void; onReschedule: () => void; onDelete: () => void; actions?: React.ReactNode; className?: string;
}) {
  const value = totalValue(a.lines);
  return (
    <div className={cn("grid gap-2 border-t px-3 py-2 text-sm", className)} data-testid="appointment-details">
      {a.client.phone ? (
        <a
          href={whatsappLink(a.client.phone, a.client.name)}
          target="_blank"
          rel="noopener noreferrer"
          className="flex w-fit items-center gap-2 text-primary underline-offset-4 hover:underline max-md:min-h-11"
        >
          <MessageCircle aria-hidden className="size-4" />
          {formatPhone(a.client.phone)}
        </a>
      ) : (
        <p className="text-muted-foreground">Sem telefone</p>
      )}
      <ul className="grid gap-0.5" aria-label="Serviços">
        {a.lines.length === 0 ? (
          <li className="text-muted-foreground">Nenhum serviço</li>
        ) : (
          a.lines.map((l) => (
            <li key={l.id}>
              {l.serviceName} - {l.professionalName ?? "Sem profissional"}
            </li>
          ))
        )}
      </ul>
      <p>
        <span className="text-muted-foreground">Tempo estimado:</span> {formatDuration(a.lines.length ? totalMinutes(a.lines) : 0)}
      </p>
      <p>
        <span className="text-muted-foreground">Valor:</span> {value === null ? "—" : formatBRL(value)}
      </p>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button size="sm" variant="outline" asChild>
          <IntentLink href={`/clients/${a.client.id}`} aria-label={`Ver cliente ${a.client.name}`}>
            <APPOINTMENT_ICONS.Icon name="client" /> Cliente
          </IntentLink>
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden /> Editar
        </Button>
        <Button size="sm" variant="outline" onClick={onReschedule}>
          <CalendarClock aria-hidden /> Reagendar
        </Button>
        <Button size="sm" variant="outline" onClick={onDelete} className="text-destructive hover:text-destructive" aria-label={`Excluir agendamento de ${a.client.name}`}>
          <Trash2 aria-hidden /> Excluir
        </Button>
        <ComandaButton businessId={businessId} appointment={a} />
        {actions}
      </div>
    </div>
  );
}
