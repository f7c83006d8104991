import { PAYMENT_METHODS } from "@/lib/comandas/rules/totals";

/** 'Fechamento do dia' (issue 53): a business day's comandas per payment method and per professional. */
export const DAY_CLOSING_MESSAGES = {
  title: "Fechamento do dia",
  description: "O que as comandas fechadas no dia receberam, por forma de pagamento e por profissional. Estornos do dia entram negativos.",
  date: "Dia",
  show: "Ver dia",
  comandas: "Comandas",
  closed: "Comandas fechadas",
  reversed: "Comandas estornadas",
  byMethod: "Por forma de pagamento",
  byProfessional: "Por profissional",
  total: "Total",
  services: "Serviços",
  products: "Produtos",
  tips: "Gorjetas",
  commissions: "Comissões",
  empty: "Nenhuma comanda fechada neste dia.",
  exportCsv: "Exportar CSV",
  csvError: "Não foi possível exportar o fechamento do dia.",
  loadError: "Não foi possível carregar o fechamento do dia.",
} as const;

export const METHOD_LABELS = PAYMENT_METHODS;
