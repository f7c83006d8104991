"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { HandCoins } from "lucide-react";
import { useState } from "react";
import { DataTable } from "@/components/data/data-table";
import { DialogActions, Form, FormDialog, FormDialogHeader, SelectField, TextField, useActionForm } from "@/components/form";
import { useLive } from "@/components/live/use-live";
import { IntentLink } from "@/components/shell/intent-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { receiveClientPaymentAction } from "@/lib/comandas/actions";
import { COMANDA_MESSAGES as M } from "@/lib/comandas/messages";
import type { ClientAccount as Account, ComandaListRow } from "@/lib/comandas/queries";
import { PAYMENT_METHODS } from "@/lib/comandas/rules/totals";
import { receiveSchema } from "@/lib/comandas/schemas";
import { useWrite } from "@/components/live/use-write";
import { formatDateTime } from "@/lib/core/format/date";
import { centsInputText, formatCents } from "@/lib/core/format/money";
import { liveKey } from "@/lib/core/live/keys";
import type { Cursor } from "@/lib/core/realtime/cursor";

const STATUS = {
  open: { label: M.statusOpen, variant: "outline" },
  closed: { label: M.statusClosed, variant: "secondary" },
  reversed: { label: M.statusReversed, variant: "destructive-outline" },
} as const;

const columns: ColumnDef<ComandaListRow, unknown>[] = [
  { header: "Aberta em", cell: ({ row }) => formatDateTime(row.original.openedAt), meta: { className: "whitespace-nowrap" } },
  { header: "Status", cell: ({ row }) => <Badge variant={STATUS[row.original.status].variant}>{STATUS[row.original.status].label}</Badge> },
  { header: M.total, cell: ({ row }) => (row.original.totalCents === null ? "—" : formatCents(row.original.totalCents)), meta: { className: "text-right tabular-nums max-sm:text-left" } },
  {
    header: "",
    id: "open",
    cell: ({ row }) => (
      <IntentLink href={`/comandas/${row.original.id}`} className="text-primary underline-offset-4 hover:underline">
        {M.view}
      </IntentLink>
    ),
  },
];

/** What the client owes or has as credit (below zero: owes). */
export function balanceText(balance: number): string {
  if (balance < 0) return `${M.clientDebt}: ${formatCents(-balance)}`;
  if (balance > 0) return `${M.clientCredit}: ${formatCents(balance)}`;
  return "Sem dívida nem crédito.";
}

/**
 * The client page's comandas (issue 53): their balance with the salon ('Fiado' owed, credit left),
 * 'Receber pagamento' into the open register, and their comandas. Live: a close at the desk shows.
 */
export function ClientAccount({ businessId, clientId, clientName, initial, cursor }: {
  businessId: string; clientId: string; clientName: string; initial: Account | null; cursor: Cursor;
}) {
  const [receiving, setReceiving] = useState(false);
  const { data = initial ?? undefined } = useLive(liveKey(businessId, "clientAccount", { clientId }), initial ?? undefined, cursor);
  const balance = data?.balance ?? 0;
  return (
    <section aria-labelledby="account-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="account-title" className="text-lg font-semibold">{M.clientComandas}</h2>
        <Button variant="outline" size="sm" onClick={() => setReceiving(true)}>
          <HandCoins aria-hidden /> {M.receive}
        </Button>
      </div>
      <p className={balance < 0 ? "mb-3 text-sm font-medium text-destructive" : "mb-3 text-sm text-muted-foreground"} data-testid="client-balance">
        {M.clientBalance} · {balanceText(balance)}
      </p>
      <DataTable label={M.clientComandas} columns={columns} data={data?.comandas ?? []} rowId={(r) => r.id} empty={M.noClientComandas} stacked />
      <FormDialog open={receiving} onOpenChange={setReceiving}>
        {receiving && <ReceiveForm businessId={businessId} clientId={clientId} clientName={clientName} balance={balance} onDone={() => setReceiving(false)} />}
      </FormDialog>
    </section>
  );
}

const METHODS = (["cash", "pix", "debit", "credit"] as const).map((value) => ({ value, label: PAYMENT_METHODS[value] }));

function ReceiveForm({ businessId, clientId, clientName, balance, onDone }: { businessId: string; clientId: string; clientName: string; balance: number; onDone: () => void }) {
  const receive = useWrite(receiveClientPaymentAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: receiveSchema,
    defaultValues: { clientId, method: "cash", amount: balance < 0 ? centsInputText(-balance) : "" },
    action: (values) => receive({ ...values, businessId }),
    success: { title: M.received },
    error: M.receiveError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title={M.receive} description={`${clientName} · ${balanceText(balance)} O valor entra no caixa aberto; o que passar da dívida fica como crédito.`} />
      <SelectField name="method" label={M.method} options={METHODS} />
      <TextField name="amount" label={M.amount} inputMode="decimal" autoComplete="off" placeholder="0,00" autoFocus />
      <DialogActions pending={pending} onCancel={onDone}>{M.receive}</DialogActions>
    </Form>
  );
}
