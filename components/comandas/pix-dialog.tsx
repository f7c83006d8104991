"use client";

import { useState } from "react";
import { DialogActions, Form, FormDialog, FormDialogHeader, TextField, useActionForm, resultToast, networkFailureToast } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { CopyField } from "@/components/online-booking/copy-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatCents, centsInputText } from "@/lib/core/format/money";
import { formatDateTime } from "@/lib/core/format/date";
import { checkPixChargeAction, createPixChargeAction } from "@/lib/pix/actions";
import { createPixChargeSchema } from "@/lib/pix/schemas";
import { PIX_MESSAGES as M } from "@/lib/pix/messages";
import { PIX_SCREEN as P, PIX_STATUS } from "@/lib/pix/screen-messages";
import type { PixCharge } from "./comanda-pix";

type Props = {
  businessId: string;
  comandaId: string;
  dueCents: number;
  charges: readonly PixCharge[];
  /** null: the amount's form; an id: that charge's QR code and state. */
  chargeId: string | null;
  onCharged: (chargeId: string) => void;
  onConfirm: (charge: PixCharge) => void;
  onCancel: (charge: PixCharge) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'Cobrar com Pix': the amount (what is still due), then the QR code, 'Pix copia e cola' and the charge's state, live. */
export function PixDialog({ open, onOpenChange, chargeId, charges, ...props }: Props) {
  const close = () => onOpenChange(false);
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-md">
      {chargeId === null ? (
        <AmountForm {...props} onDone={close} />
      ) : (
        <ChargeView businessId={props.businessId} charge={charges.find((c) => c.id === chargeId) ?? null} onConfirm={props.onConfirm} onCancel={props.onCancel} onDone={close} />
      )}
    </FormDialog>
  );
}

function AmountForm({ businessId, comandaId, dueCents, onCharged, onDone }: Omit<Props, "open" | "onOpenChange" | "chargeId" | "charges" | "onConfirm" | "onCancel"> & { onDone: () => void }) {
  const create = useWrite(createPixChargeAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: createPixChargeSchema,
    defaultValues: { comandaId, amount: dueCents > 0 ? centsInputText(dueCents) : "" },
    action: (values) => create({ ...values, businessId }),
    error: M.createError,
    onSuccess: (r) => onCharged(r.chargeId),
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={P.charge} description={P.chargeDescription} />
      <TextField name="amount" label={P.amount} inputMode="decimal" autoComplete="off" placeholder="0,00" autoFocus />
      <DialogActions pending={pending} pendingText={P.generating} onCancel={onDone}>
        {P.generate}
      </DialogActions>
    </Form>
  );
}

function ChargeView({ businessId, charge: c, onConfirm, onCancel, onDone }: { businessId: string; charge: PixCharge | null; onConfirm: (c: PixCharge) => void; onCancel: (c: PixCharge) => void; onDone: () => void }) {
  const check = useWrite(checkPixChargeAction);
  const [checking, setChecking] = useState(false);
  async function verify(charge: PixCharge) {
    setChecking(true);
    try {
      const r = await check({ businessId, chargeId: charge.id });
      resultToast(r, r.ok && r.paid ? { title: P.checkedPaid } : { title: P.checkedWaiting, description: M.stillWaiting });
    } catch (e) {
      console.error(e);
      networkFailureToast(M.checkError);
    } finally {
      setChecking(false);
    }
  }
  if (!c) {
    return (
      <>
        <FormDialogHeader title={P.charge} description={P.waitingQr} />
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      </>
    );
  }
  const amount = formatCents(c.amountCents);
  const status = PIX_STATUS[c.status];
  return (
    <>
      <FormDialogHeader title={`${P.charge} · ${amount}`} description={c.mode === "static" ? P.staticHint : P.pspHint} />
      <div className="grid justify-items-center gap-3" data-testid="pix-qr">
        <Badge variant={status.variant} aria-live="polite" data-testid="pix-status">
          {status.label}
        </Badge>
        {c.status === "active" && c.qrSvg && (
          // eslint-disable-next-line @next/next/no-img-element -- an SVG made on the server, shown as an image (no script in it runs)
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(c.qrSvg)}`} alt={P.qrAlt(amount)} width={224} height={224} className="rounded-md border bg-white p-2" />
        )}
        {c.status === "active" && <p className="text-xs text-muted-foreground">{P.validUntil(formatDateTime(c.expiresAt))}</p>}
      </div>
      {c.status === "active" && (
        <div className="grid gap-2">
          <span className="text-sm font-medium">{P.copyPaste}</span>
          <CopyField value={c.brcode} label={P.copyPaste} copiedToast={P.copied} />
        </div>
      )}
      {c.status === "active" && (
        <div>
          <Button type="button" variant="ghost" size="sm" className="-ml-3 text-destructive hover:text-destructive" onClick={() => onCancel(c)}>
            {P.cancel}
          </Button>
        </div>
      )}
      <DialogFooter>
        {c.status === "active" && c.mode === "psp" && (
          <Button type="button" variant="outline" onClick={() => verify(c)} disabled={checking}>
            {checking && <Spinner />}
            {P.check}
          </Button>
        )}
        {c.status === "active" && c.mode === "static" && (
          <Button type="button" variant="outline" onClick={() => onConfirm(c)}>
            {P.confirm}
          </Button>
        )}
        <Button type="button" onClick={onDone}>
          {P.back}
        </Button>
      </DialogFooter>
    </>
  );
}
