/** Relatório de Clientes: texts (spec section 8) and sizes (section 9). */
export const CLIENTS_REPORT_MESSAGES = {
  loadError: "Erro ao carregar relatório de clientes",
  empty: "Nenhum cliente encontrado.",
} as const;

export const CLIENTS_REPORT_TOP = 5;
export const CLIENTS_REPORT_RECENT = 5;
export const CLIENTS_REPORT_PAGE_SIZE = 25;
/** "Novos clientes": registered in the last 30 days, today included (business zone). */
export const NEW_CLIENT_DAYS = 30;
