import type { ProductMovementKind } from "@/db/schema/products";

/** 'Produtos': the texts. Apart from the schemas, so code that only shows them ships no zod to the browser. */
export const PRODUCT_MESSAGES = {
  nameRequired: "O nome do produto é obrigatório.",
  priceRequired: "Informe o preço de venda.",
  amountInvalid: "Informe um valor em reais, por exemplo 45,90.",
  amountTooLarge: "Valor alto demais.",
  minStockWhole: "Informe o estoque mínimo em unidades, um número inteiro de 0 em diante.",
  quantityWhole: "Informe a quantidade em unidades, um número inteiro.",
  quantityPositive: "A quantidade deve ser maior que zero.",
  quantityNonZero: "O ajuste não pode ser zero: use + para somar ou − para tirar unidades.",
  quantityTooLarge: "No máximo 100.000 unidades por movimento.",
  countedWhole: "Informe quantas unidades você contou, um número inteiro de 0 em diante.",
  reasonRequired: "Diga o motivo do ajuste.",
  reasonTooLong: "No máximo 200 caracteres.",
  nameTaken: "Já existe um produto com este nome.",
  saveError: "Erro ao salvar produto",
  saveFallback: "Não foi possível salvar o produto. Tente novamente.",
  deleteError: "Erro ao excluir produto",
  moveError: "Erro ao movimentar estoque",
  loadError: "Erro ao carregar produtos",
  historyLoadError: "Erro ao carregar o histórico de estoque",
  created: "Produto criado com sucesso!",
  updated: "Produto atualizado com sucesso!",
  deleted: "Produto excluído com sucesso!",
  archived: "Produto arquivado",
  archivedDescription: "Ele tem movimentos de estoque, que ficam no histórico: foi desativado em vez de excluído.",
  moved: "Estoque atualizado",
  notFound: "Produto não encontrado.",
  noBusinessDescription: "Nenhum negócio selecionado. Escolha um negócio no topo e tente novamente.",
  activeLabel: "Ativo",
  activeHint: "Inativos ficam com o seu histórico de estoque, mas não são vendidos.",
  lowStock: "Estoque baixo",
  countUnchanged: "O estoque já é essa quantidade: nada a ajustar.",
} as const;

/** "1 unidade" / "3 unidades" / "-2 unidades". */
export const unitsText = (n: number) => `${n} ${Math.abs(n) === 1 ? "unidade" : "unidades"}`;

/** The refusal of a movement that would take the stock below zero. */
export const insufficientText = (stock: number) => `Estoque insuficiente: há ${unitsText(stock)}.`;

/** The ledger's kinds, in the history. */
export const MOVEMENT_KIND_LABELS: Record<ProductMovementKind, string> = {
  purchase: "Entrada (compra)",
  sale: "Venda",
  adjustment: "Ajuste",
  reversal: "Estorno",
};

/** "+5" / "-2": a movement's quantity as the history shows it. */
export const signedQuantity = (n: number) => (n > 0 ? `+${n}` : String(n));
