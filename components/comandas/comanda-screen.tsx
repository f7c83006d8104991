"use client";

import { ArrowLeft, Receipt, RotateCcw, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionConfirmDialog } from "@/components/form";
import { EmptyState } from "@/components/data/empty-state";
import { useLive } from "@/components/live/use-live";
import { useWrite } from "@/components/live/use-write";
import { IntentLink } from "@/components/shell/intent-link";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { deleteComandaAction } from "@/lib/comandas/actions";
import { COMANDA_MESSAGES as M, COMANDA_SCREEN as S } from "@/lib/comandas/messages";
import type { ComandaScreen as ScreenData } from "@/lib/comandas/queries";
import { formatDate, formatDateTime } from "@/lib/core/format/date";
import { liveKey } from "@/lib/core/live/keys";
import type { Cursor } from "@/lib/core/realtime/cursor";
import { ComandaEditor } from "./comanda-editor";
import { ComandaSummary } from "./comanda-summary";
import { ComandaStatusBadge } from "./status-badge";

// The owner's reversal dialog (react-hook-form, zod) loads once the page is idle, not with it.
const ReverseDialog = preloadable(() => import("./reverse-dialog").then((m) => m.ReverseDialog), { whenIdle: true });

type Props = { businessId: string; id: string; owner: boolean; initial: ScreenData; cursor: Cursor };

/**
 * One comanda: while open, its lines, discounts and tips to edit and 'Fechar comanda'; once closed,
 * what was sold and paid, and the owner's 'Estornar'. Live: another device's save or close shows here.
 */
export function ComandaScreen({ businessId, id, owner, initial, cursor }: Props) {
  const router = useRouter();
  const { data = initial, revalidate } = useLive(liveKey(businessId, "comanda", { id }), initial, cursor);
  const [dialog, setDialog] = useState<"delete" | "reverse" | null>(null);
  const reverseLoaded = useOpenedOnce(dialog === "reverse");
  const remove = useWrite(deleteComandaAction);
  const k = data.comanda;
  const back = (
    <IntentLink href="/comandas" className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3 mb-2" })}>
      <ArrowLeft aria-hidden />
      {S.back}
    </IntentLink>
  );
  if (!k) {
    return (
      <>
        {back}
        <Card>
          <EmptyState icon={Receipt} title={S.gone} />
        </Card>
      </>
    );
  }
  const when =
    k.appointmentDate && k.appointmentTime ? S.appointmentOn(formatDate(k.appointmentDate), k.appointmentTime) : `${M.walkIn}.`;
  const actions =
    k.status === "open" ? (
      <Button variant="outline" onClick={() => setDialog("delete")}>
        <Trash2 aria-hidden />
        {M.delete}
      </Button>
    ) : k.status === "closed" && owner ? (
      <Button variant="outline" onClick={() => setDialog("reverse")}>
        <RotateCcw aria-hidden />
        {M.reverse}
      </Button>
    ) : null;
  return (
    <>
      {back}
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="min-w-0 break-words">{`${M.comanda} · ${k.clientName ?? M.noClient}`}</span>
            <ComandaStatusBadge status={k.status} />
          </span>
        }
        description={`${when} ${S.openedOn(formatDateTime(k.openedAt))}`}
        actions={actions}
      />
      {k.status === "open" ? (
        <ComandaEditor businessId={businessId} owner={owner} data={{ ...data, comanda: k }} revalidate={revalidate} />
      ) : (
        <ComandaSummary comanda={k} professionals={data.options.professionals} />
      )}
      <ActionConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={M.delete}
        description={M.deleteDescription}
        confirmLabel={M.delete}
        destructive
        run={() => remove({ businessId, id: k.id })}
        success={{ title: M.deleted }}
        error={M.deleteError}
        onDone={() => router.push("/comandas")}
      />
      {reverseLoaded && (
        <ReverseDialog businessId={businessId} id={k.id} open={dialog === "reverse"} onOpenChange={(open) => !open && setDialog(null)} />
      )}
    </>
  );
}
