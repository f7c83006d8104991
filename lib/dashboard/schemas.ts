import { z } from "zod";

/** Spec section 8 (reports). */
export const DASHBOARD_MESSAGES = {
  loadError: "Erro ao carregar estatísticas",
  loadFallback: "Não foi possível carregar os números do painel. Tente novamente.",
} as const;

/** The dashboard's reads take nothing but the business (named by the page, checked by the pipeline). */
export const dashboardSchema = z.object({});
