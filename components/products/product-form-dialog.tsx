"use client";

import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, SwitchField, TextField, useActionForm } from "@/components/form";
import { centsInputText } from "@/lib/core/format/money";
import { createProductAction, updateProductAction } from "@/lib/products/actions";
import { PRODUCT_MESSAGES as MSG } from "@/lib/products/messages";
import type { ProductRow } from "@/lib/products/queries";
import { productFieldsSchema } from "@/lib/products/schemas";

type Props = { businessId: string; product: ProductRow | null; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Novo produto' / 'Editar produto'. The stock is not a field: it moves only through 'Movimentar estoque'. */
export function ProductFormDialog({ businessId, product, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <ProductForm businessId={businessId} product={product} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ProductForm({ businessId, product, onDone }: { businessId: string; product: ProductRow | null; onDone: () => void }) {
  const create = useWrite(createProductAction);
  const update = useWrite(updateProductAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: productFieldsSchema,
    defaultValues: {
      name: product?.name ?? "",
      price: centsInputText(product?.priceCents),
      cost: centsInputText(product?.costCents),
      minStock: product?.minStock === null || product?.minStock === undefined ? "" : String(product.minStock),
      active: product?.active ?? true,
    },
    action: (values) => (product ? update({ ...values, id: product.id, businessId }) : create({ ...values, businessId })),
    success: { title: product ? MSG.updated : MSG.created },
    error: MSG.saveError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader
        title={product ? "Editar produto" : "Novo produto"}
        description={product ? "Altere os dados do produto. O estoque muda só por 'Movimentar estoque'." : "Cadastre um produto. O estoque começa em zero: registre a primeira entrada em 'Movimentar estoque'."}
      />
      <TextField name="name" label="Nome *" autoComplete="off" placeholder="Ex.: Pomada modeladora" autoFocus />
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <TextField name="price" label="Preço de venda (R$) *" inputMode="decimal" autoComplete="off" placeholder="0,00" />
        <TextField name="cost" label="Custo (R$)" inputMode="decimal" autoComplete="off" placeholder="0,00" />
      </div>
      <TextField
        name="minStock"
        label="Estoque mínimo"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        placeholder="Ex.: 3"
        hint="Abaixo dele, o produto aparece com 'Estoque baixo'. Em branco: sem mínimo."
      />
      <SwitchField name="active" label={MSG.activeLabel} hint={MSG.activeHint} disabled={pending} />
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}
