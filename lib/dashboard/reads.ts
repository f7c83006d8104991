import "server-only";
import { defineRead } from "@/lib/pipeline";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { CARD_TABLES } from "@/lib/appointments/reads";
import { DASHBOARD_MESSAGES as MSG } from "./messages";
import { dashboardStats } from "./queries";
import { dashboardSchema } from "./schemas";

/** The dashboard's figures: owners only, like the page. */
export const dashboardRead = defineRead({
  name: "dashboard",
  level: "owner",
  live: { tables: ["appointments", ...CARD_TABLES, "conversations"] },
  schema: dashboardSchema,
  error: MSG.loadError,
  run: ({ ctx, conn }) => dashboardStats(ctx.businessId, todayInBusiness(), new Date(), conn),
});
