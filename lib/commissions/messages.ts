/** 'Comissões' (issue 53): the professionals' rates under the salão-parceiro split. */
export const COMMISSION_MESSAGES = {
  title: "Comissões",
  description: "Quanto cada profissional recebe do que faz e vende (salão-parceiro, Lei 13.352/2016). Cada comanda fechada guarda a taxa que usou.",
  edit: (name: string) => `Comissão de ${name}`,
  editDescription: "Uma taxa para serviços e outra para produtos; exceções por serviço abaixo. Mudar a taxa não altera comandas já fechadas.",
  services: "Serviços",
  products: "Produtos",
  base: "Calcular sobre",
  baseGross: "Valor cobrado do cliente",
  baseNet: "Valor menos a taxa do cartão",
  overrides: "Exceções por serviço",
  overridesHint: "Em branco: vale a taxa de serviços acima.",
  noServices: "Este profissional ainda não oferece serviços.",
  none: "Sem comissão definida",
  empty: "Nenhum profissional cadastrado.",
  saved: "Comissão salva",
  saveError: "Não foi possível salvar a comissão.",
  loadError: "Não foi possível carregar as comissões.",
  notFound: "Profissional não encontrado.",
  percentRange: "A porcentagem vai de 0 a 100.",
  invalid: "Valor inválido.",
  required: "Informe a taxa.",
  tooLarge: "Valor muito alto.",
  serviceGone: "Um dos serviços não existe mais. Recarregue a página.",
} as const;

export const RATE_KIND_LABELS = { percent: "%", fixed: "R$ por item" } as const;
