"use server";

import { defineAction } from "@/lib/actions/define-action";
import { ok } from "@/lib/actions/result";
import { todayInBusiness } from "@/lib/time/business-time";
import { dashboardStats } from "./queries";
import { DASHBOARD_MESSAGES as MSG } from "./messages";
import { dashboardSchema } from "./schemas";

/** The dashboard's figures again (the 'Atualizar' button and live updates): owners only, like the page. */
export const loadDashboardAction = defineAction({
  name: "dashboard.stats",
  level: "owner",
  schema: dashboardSchema,
  error: MSG.loadError,
  fallback: MSG.loadFallback,
  transaction: false,
  run: async ({ ctx, tx }) => ok({ stats: await dashboardStats(ctx.businessId, todayInBusiness(), new Date(), tx) }),
});
