"use client";

import { QrCode } from "lucide-react";
import { useState } from "react";
import { ActionConfirmDialog } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { IntentLink } from "@/components/shell/intent-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { ComandaScreen } from "@/lib/comandas/queries";
import { formatDateTime } from "@/lib/core/format/date";
import { formatCents } from "@/lib/core/format/money";
import { cancelPixChargeAction, confirmPixChargeAction } from "@/lib/pix/actions";
import { PIX_MESSAGES as M } from "@/lib/pix/messages";
import { PIX_SCREEN as P, PIX_STATUS } from "@/lib/pix/screen-messages";

// 'Cobrar com Pix' (its form, zod, the QR) loads once the page is idle, not with it.
const PixDialog = preloadable(() => import("./pix-dialog").then((m) => m.PixDialog), { whenIdle: true });

export type PixCharge = ComandaScreen["pixCharges"][number];

/** What is still to pay by a new charge: the saved total less the charges paid or waiting. */
export function pixDue(totalCents: number, charges: readonly PixCharge[]): number {
  const taken = charges.filter((c) => c.status === "paid" || c.status === "active").reduce((a, c) => a + c.amountCents, 0);
  return Math.max(0, totalCents - taken);
}

type Props = {
  businessId: string;
  owner: boolean;
  comandaId: string;
  /** The comanda is open: charges may be made, confirmed and cancelled. */
  open: boolean;
  totalCents: number;
  pix: ComandaScreen["pix"];
  charges: readonly PixCharge[];
};

/**
 * The comanda's Pix: 'Cobrar com Pix' (a QR code for an amount, its 'Pix copia e cola', live from
 * 'Aguardando pagamento' to 'Pago'), and the comanda's charges with their state; a static charge's
 * 'Confirmar recebimento' (after checking the account), a PSP's 'Verificar pagamento', 'Cancelar
 * cobrança'. Without Pix configured, the owner sees where to set it up and the others nothing.
 */
export function ComandaPix({ businessId, owner, comandaId, open, totalCents, pix, charges }: Props) {
  const [dialog, setDialog] = useState<{ chargeId: string | null } | null>(null);
  const [asking, setAsking] = useState<{ kind: "confirm" | "cancel"; charge: PixCharge } | null>(null);
  const dialogLoaded = useOpenedOnce(dialog !== null);
  const confirm = useWrite(confirmPixChargeAction);
  const cancel = useWrite(cancelPixChargeAction);
  if (!pix.mode && charges.length === 0) {
    return open && owner ? (
      <p className="text-xs text-muted-foreground" data-testid="pix-setup">
        {P.setUp}{" "}
        <IntentLink href="/business-profile" className="font-medium text-primary underline-offset-4 hover:underline">
          {P.setUpLink}
        </IntentLink>
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="comanda-pix" className="grid gap-3 border-t pt-4" data-testid="comanda-pix">
      <h2 id="comanda-pix" className="sr-only">{P.list}</h2>
      {open && pix.mode && (
        <Button type="button" variant="outline" onClick={() => setDialog({ chargeId: null })}>
          <QrCode aria-hidden />
          {P.charge}
        </Button>
      )}
      {charges.length > 0 && (
        <ul className="grid gap-2" aria-label={P.list}>
          {charges.map((c) => (
            <li key={c.id} className="grid gap-2 rounded-md border p-3 text-sm" data-testid="pix-charge">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold tabular-nums">{formatCents(c.amountCents)}</span>
                <Badge variant={PIX_STATUS[c.status].variant}>{PIX_STATUS[c.status].label}</Badge>
              </div>
              {c.status === "paid" && (
                <p className="text-xs text-muted-foreground">
                  {c.paidAt && P.paidAt(formatDateTime(c.paidAt))} {c.confirmedByName && P.confirmedBy(c.confirmedByName)}
                </p>
              )}
              {open && c.status === "active" && (
                <div className="flex flex-wrap gap-2">
                  <Button type="button" size="sm" variant="outline" onClick={() => setDialog({ chargeId: c.id })}>
                    {P.show}
                  </Button>
                  {c.mode === "static" && (
                    <Button type="button" size="sm" variant="outline" onClick={() => setAsking({ kind: "confirm", charge: c })}>
                      {P.confirm}
                    </Button>
                  )}
                  <Button type="button" size="sm" variant="ghost" className="text-destructive hover:text-destructive" onClick={() => setAsking({ kind: "cancel", charge: c })}>
                    {P.cancel}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* The section sits inside the comanda's form: React carries a portal's submit up the tree, so the dialog's stops here. */}
      <div className="contents" onSubmit={(e) => e.stopPropagation()}>
      {dialogLoaded && (
        <PixDialog
          businessId={businessId}
          comandaId={comandaId}
          dueCents={pixDue(totalCents, charges)}
          charges={charges}
          chargeId={dialog?.chargeId ?? null}
          onCharged={(chargeId) => setDialog({ chargeId })}
          onConfirm={(charge) => setAsking({ kind: "confirm", charge })}
          onCancel={(charge) => setAsking({ kind: "cancel", charge })}
          open={dialog !== null}
          onOpenChange={(o) => !o && setDialog(null)}
        />
      )}
      </div>
      <ActionConfirmDialog
        open={asking?.kind === "confirm"}
        onOpenChange={(o) => !o && setAsking(null)}
        title={P.confirm}
        description={P.confirmDescription}
        confirmLabel={P.confirm}
        run={() => confirm({ businessId, chargeId: asking!.charge.id })}
        success={{ title: P.confirmed }}
        error={M.confirmError}
      >
        {asking && <p className="text-lg font-semibold tabular-nums">{formatCents(asking.charge.amountCents)}</p>}
      </ActionConfirmDialog>
      <ActionConfirmDialog
        open={asking?.kind === "cancel"}
        onOpenChange={(o) => !o && setAsking(null)}
        title={P.cancel}
        description={P.cancelDescription}
        confirmLabel={P.cancel}
        cancelLabel={P.keep}
        destructive
        run={() => cancel({ businessId, chargeId: asking!.charge.id })}
        success={{ title: P.cancelled }}
        error={M.cancelError}
      />
    </section>
  );
}
