"use client";

import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, SelectField, TextField, useActionForm } from "@/components/form";
import { useLive } from "@/components/live/use-live";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/core/format/date";
import { liveKey } from "@/lib/core/live/keys";
import { moveStockAction } from "@/lib/products/actions";
import { MOVEMENT_KIND_LABELS, PRODUCT_MESSAGES as MSG, signedQuantity, unitsText } from "@/lib/products/messages";
import type { ProductHistory, ProductRow } from "@/lib/products/queries";
import { HISTORY_MAX, HISTORY_STEP, moveStockSchema, type MoveStockInput, type MoveType } from "@/lib/products/schemas";

type Props = { businessId: string; product: ProductRow | null; onClose: () => void };

const TYPES: readonly { value: MoveType; label: string }[] = [
  { value: "purchase", label: "Entrada (compra)" },
  { value: "adjustment", label: "Ajuste (+ ou −)" },
  { value: "count", label: "Contagem (quantidade contada)" },
];

/**
 * 'Movimentar estoque': the product's stock now, the ledger's newest movements (read live: each
 * movement reads them again through the write hook; 'Ver movimentos anteriores' reads 10 more) and the form that writes one movement (an
 * entry, an adjustment, or a count whose difference becomes the adjustment).
 */
export function StockDialog({ businessId, product, onClose }: Props) {
  return (
    <FormDialog open={!!product} onOpenChange={(open) => !open && onClose()} className="sm:max-w-xl">
      <FormDialogHeader title="Movimentar estoque" description={product ? `${product.name}: entradas, ajustes e o histórico do estoque.` : ""} />
      {product && <StockBody key={product.id} businessId={businessId} productId={product.id} onDone={onClose} />}
    </FormDialog>
  );
}

function StockBody({ businessId, productId, onDone }: { businessId: string; productId: string; onDone: () => void }) {
  const [shown, setShown] = useState(HISTORY_STEP);
  const { data, error } = useLive(liveKey(businessId, "products.history", { productId, shown: String(shown) }));
  const history = data?.history;
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite" data-testid="stock-now">
        Estoque atual: <span className="font-semibold tabular-nums">{history ? unitsText(history.stock) : "…"}</span>
        {history?.minStock !== null && history?.minStock !== undefined && <span className="text-muted-foreground">(mínimo {history.minStock})</span>}
        {history?.low && <Badge variant="warning">{MSG.lowStock}</Badge>}
      </p>
      <section aria-labelledby="stock-history-title" className="grid gap-2">
        <h3 id="stock-history-title" className="text-sm font-semibold">Histórico de estoque</h3>
        {error ? (
          <p className="text-sm text-destructive">{MSG.historyLoadError}</p>
        ) : !data ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Carregando histórico...
          </p>
        ) : !history ? (
          <p className="text-sm text-muted-foreground">{MSG.notFound}</p>
        ) : !history.movements.length ? (
          <p className="text-sm text-muted-foreground">Nenhum movimento ainda.</p>
        ) : (
          <>
            <History movements={history.movements} />
            {history.more && shown < HISTORY_MAX && (
              <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => setShown((n) => n + HISTORY_STEP)}>
                Ver movimentos anteriores
              </Button>
            )}
          </>
        )}
      </section>
      <MoveForm businessId={businessId} productId={productId} stock={history?.stock ?? null} onDone={onDone} />
    </>
  );
}

function History({ movements }: { movements: ProductHistory["movements"] }) {
  return (
    <ul className="grid gap-1.5" aria-label="Movimentos de estoque">
      {movements.map((m) => (
        <li key={m.id} className="grid gap-0.5 rounded-lg border p-2 text-sm" data-testid="stock-movement">
          <span className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-medium">{MOVEMENT_KIND_LABELS[m.kind]}</span>
            <span className={m.quantity < 0 ? "font-semibold tabular-nums text-destructive" : "font-semibold tabular-nums text-success"}>
              {signedQuantity(m.quantity)}
            </span>
          </span>
          {m.reason && <span className="break-words">{m.reason}</span>}
          <span className="text-xs text-muted-foreground">
            {formatDateTime(m.createdAt)} · {m.by ?? "Usuário removido"}
          </span>
        </li>
      ))}
    </ul>
  );
}

const EMPTY = (productId: string, type: MoveType = "purchase"): MoveStockInput => ({ productId, type, quantity: "", reason: "" });

function MoveForm({ businessId, productId, stock, onDone }: { businessId: string; productId: string; stock: number | null; onDone: () => void }) {
  const move = useWrite(moveStockAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: moveStockSchema,
    defaultValues: EMPTY(productId),
    action: (values: MoveStockInput) => move({ ...values, businessId }),
    success: (r) => ({ title: MSG.moved, description: `Estoque: ${unitsText(r.stock)}.` }),
    error: MSG.moveError,
    onSuccess: (_r, values) => form.reset(EMPTY(productId, values.type)),
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <h3 className="text-sm font-semibold">Novo movimento</h3>
      <SelectField name="type" label="Tipo de movimento" options={TYPES} />
      <MoveFields stock={stock} />
      <DialogActions pending={pending} pendingText="Registrando..." onCancel={onDone} cancelLabel="Fechar">
        Registrar
      </DialogActions>
    </Form>
  );
}

/** The quantity's and the reason's labels follow the type: a count asks for what is on the shelf, an adjustment for why. */
function MoveFields({ stock }: { stock: number | null }) {
  const { control } = useFormContext<MoveStockInput>();
  const type = useWatch({ control, name: "type" });
  const quantity =
    type === "count"
      ? { label: "Quantidade contada *", hint: stock === null ? undefined : `O sistema tem ${unitsText(stock)}: o ajuste é a diferença.`, min: 0 }
      : type === "adjustment"
        ? { label: "Ajuste (unidades) *", hint: "Positivo soma, negativo tira: por exemplo -2 para duas unidades perdidas." }
        : { label: "Quantidade *", hint: undefined, min: 1 };
  return (
    <div className="grid items-start gap-3 sm:grid-cols-2">
      <TextField name="quantity" label={quantity.label} hint={quantity.hint} type="number" inputMode={type === "adjustment" ? undefined : "numeric"} step={1} min={quantity.min} autoComplete="off" />
      <TextField
        name="reason"
        label={type === "purchase" ? "Motivo" : "Motivo *"}
        autoComplete="off"
        maxLength={200}
        placeholder={type === "purchase" ? "Ex.: Nota fiscal 123" : "Ex.: Contagem mensal, produto vencido"}
      />
    </div>
  );
}
