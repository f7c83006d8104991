"use client";

import { ArrowLeftRight, Package, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useWrite } from "@/components/live/use-write";
import { ActionConfirmDialog } from "@/components/form";
import { CardList } from "@/components/data/card-list";
import { Pagination } from "@/components/data/pagination";
import { SearchBox } from "@/components/data/search-box";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { Paged } from "@/lib/core/data/list";
import { formatCents } from "@/lib/core/format/money";
import { deleteProductAction } from "@/lib/products/actions";
import { PRODUCT_MESSAGES as MSG, unitsText } from "@/lib/products/messages";
import type { ProductRow } from "@/lib/products/queries";

// The dialogs (react-hook-form, zod) are not in the first load: they load once the page is idle.
const ProductFormDialog = preloadable(() => import("./product-form-dialog").then((m) => m.ProductFormDialog), { whenIdle: true });
const StockDialog = preloadable(() => import("./stock-dialog").then((m) => m.StockDialog), { whenIdle: true });

type Props = { businessId: string; result: Paged<ProductRow> | null; q: string };

/** Produtos: search on the server, the cards with price, cost and stock, 'Novo produto', edit, stock movements, delete (or archive). */
export function ProductsView({ businessId, result, q }: Props) {
  const remove = useWrite(deleteProductAction);
  const [editing, setEditing] = useState<ProductRow | "new" | null>(null);
  const [moving, setMoving] = useState<ProductRow | null>(null);
  const [deleting, setDeleting] = useState<ProductRow | null>(null);
  const formLoaded = useOpenedOnce(editing !== null);
  const stockLoaded = useOpenedOnce(moving !== null);

  return (
    <>
      <PageHeader
        title="Produtos"
        description="O que o seu negócio vende, com preço, custo e o estoque, movimento a movimento."
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            Novo produto
          </Button>
        }
      />
      <div className="mb-6">
        <SearchBox label="Buscar produtos" placeholder="Buscar produtos por nome" />
      </div>
      <CardList
        label="Produtos"
        items={result?.items ?? []}
        keyOf={(p) => p.id}
        failed={!result && { icon: Package, title: MSG.loadError }}
        empty={{
          icon: Package,
          title: "Nenhum produto encontrado.",
          description: q ? "Tente buscar por outro nome." : "Cadastre o primeiro produto que o seu negócio vende.",
        }}
      >
        {(p) => <ProductCard product={p} onEdit={() => setEditing(p)} onMove={() => setMoving(p)} onDelete={() => setDeleting(p)} />}
      </CardList>
      {result && result.items.length > 0 && (
        <Pagination basePath="/products" params={{ q }} page={result.page} pageCount={result.pageCount} total={result.total} noun={["produto", "produtos"]} />
      )}
      {formLoaded && (
        <ProductFormDialog
          businessId={businessId}
          product={editing === "new" ? null : editing}
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {stockLoaded && <StockDialog businessId={businessId} product={moving} onClose={() => setMoving(null)} />}
      <ActionConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir produto"
        description={
          <>
            {deleting?.movements
              ? "Este produto tem movimentos de estoque, que nunca são apagados: ele será arquivado (inativo) em vez de excluído, com o seu histórico."
              : "Tem certeza que deseja excluir este produto?"}
            {deleting && <span className="mt-2 block font-medium text-foreground">{deleting.name}</span>}
          </>
        }
        confirmLabel={deleting?.movements ? "Arquivar" : "Excluir"}
        destructive
        run={() => remove({ businessId, id: deleting!.id })}
        success={(r) =>
          r.archived ? { title: MSG.archived, description: MSG.archivedDescription } : { title: MSG.deleted }
        }
        error={MSG.deleteError}
      />
    </>
  );
}

function ProductCard({ product: p, onEdit, onMove, onDelete }: { product: ProductRow; onEdit: () => void; onMove: () => void; onDelete: () => void }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="product-card">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <h2 className="min-w-0 break-words text-base font-semibold leading-tight">{p.name}</h2>
          {p.active ? <Badge variant="success">Ativo</Badge> : <Badge variant="secondary">Inativo</Badge>}
          {p.low && <Badge variant="warning">{MSG.lowStock}</Badge>}
        </div>
        <div className="-mr-2 -mt-1 flex shrink-0">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Editar ${p.name}`}>
            <Pencil aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Excluir ${p.name}`} className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Preço</dt>
          <dd className="font-medium tabular-nums">{formatCents(p.priceCents)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Custo</dt>
          <dd className={p.costCents === null ? "text-muted-foreground" : "tabular-nums"}>{p.costCents === null ? "Não informado" : formatCents(p.costCents)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted-foreground">Estoque</dt>
          <dd className="tabular-nums" data-testid="product-stock">
            <span className="font-medium">{unitsText(p.stock)}</span>
            {p.minStock !== null && <span className="text-muted-foreground"> · mínimo {p.minStock}</span>}
          </dd>
        </div>
      </dl>
      <Button variant="outline" className="mt-auto" onClick={onMove}>
        <ArrowLeftRight aria-hidden />
        Movimentar estoque
      </Button>
    </Card>
  );
}
