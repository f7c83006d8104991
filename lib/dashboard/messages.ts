/**
 * Spec section 8 (reports). Apart from the schema so that the dashboard's client code, which shows
 * them, does not ship zod (~25 KB compressed) to the browser.
 */
export const DASHBOARD_MESSAGES = {
  loadError: "Erro ao carregar estatísticas",
  loadFallback: "Não foi possível carregar os números do painel. Tente novamente.",
} as const;
